import type { Queryable } from '../db/database';
import type { VitalsReport, VitalsSummary } from '../../shared/api/vitals';
import { VITAL_NAMES, VITALS, type VitalName } from '../../shared/web-vitals';

/** Keeps one page load's report. */
export async function recordVitals(db: Queryable, report: VitalsReport) {
  await db.query(
    `insert into web_vitals (page, metric, value)
       select $1, m.name, m.value from jsonb_to_recordset($2::jsonb) as m(name text, value double precision)`,
    [report.page, JSON.stringify(report.metrics)],
  );
}

/** The 75th percentile of each vital per page over the last `days` days, worst LCP first. */
export async function vitalsSummary(db: Queryable, days: number): Promise<VitalsSummary> {
  const rows = await db.query<{ page: string; metric: VitalName; p75: number; samples: number }>(
    `select page, metric, percentile_cont(0.75) within group (order by value) as p75, count(*)::int as samples
       from web_vitals where created_at > now() - make_interval(days => $1) group by page, metric`,
    [days],
  );
  const pages = new Map<string, VitalsSummary['pages'][number]>();
  const empty = () => ({ p75: null, samples: 0, good: null });
  for (const row of rows) {
    const entry = pages.get(row.page) ?? { page: row.page, LCP: empty(), INP: empty(), CLS: empty() };
    const p75 = Number(row.p75);
    entry[row.metric] = { p75, samples: row.samples, good: p75 <= VITALS[row.metric].good };
    pages.set(row.page, entry);
  }
  const worst = (entry: VitalsSummary['pages'][number]) => VITAL_NAMES.filter((name) => entry[name].good === false).length;
  return {
    days,
    pages: [...pages.values()].sort((a, b) => worst(b) - worst(a) || (b.LCP.p75 ?? 0) - (a.LCP.p75 ?? 0) || a.page.localeCompare(b.page)),
  };
}

/** Reports older than the dashboard's window and a margin are of no further use. */
export async function forgetOldVitals(db: Queryable, keepDays: number) {
  await db.query('delete from web_vitals where created_at < now() - make_interval(days => $1)', [keepDays]);
}
