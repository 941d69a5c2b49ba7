import { randomBytes } from 'node:crypto';
import { queryOne, type Queryable } from '../db/database';
import type { VitalsSummary } from '../../shared/api/vitals';
import { OTHER_PAGES, VITAL_NAMES, VITALS, type VitalName } from '../../shared/web-vitals';

/** One page load's vitals as they are kept: checked already, under the page they count for and their sender's hash. */
export interface CheckedVitals {
  page: string;
  metrics: { name: VitalName; value: number }[];
  /** The hour the report came in, and its sender's address hashed under that hour's key. */
  hour: Date;
  sender: string;
}

const SENDER_KEY = 'web_vitals_sender_key';

/** The settings row of an hour's sender key; such names sort in time, so the hours past are a range of them. */
const senderKeyName = (hour: Date) => `${SENDER_KEY}:${hour.toISOString()}`;

/** The hour's random key for hashing senders' addresses: made by whichever process needs it first, read by all. */
export async function senderKeyOf(db: Queryable, hour: Date): Promise<string> {
  const name = senderKeyName(hour);
  await db.query('insert into settings (name, value) values ($1, $2) on conflict (name) do nothing', [
    name,
    randomBytes(32).toString('hex'),
  ]);
  return (await queryOne<{ value: string }>(db, 'select value from settings where name = $1', [name])).value;
}

/** Keeps one page load's report; a vital its sender already reported for the page this hour is not counted again. */
export async function recordVitals(db: Queryable, report: CheckedVitals) {
  await db.query(
    `insert into web_vitals (page, metric, value, hour, sender)
       select $1, m.name, m.value, $3, $4 from jsonb_to_recordset($2::jsonb) as m(name text, value double precision)
       on conflict (page, metric, hour, sender) do nothing`,
    [report.page, JSON.stringify(report.metrics), report.hour, report.sender],
  );
}

/**
 * The 75th percentile of each vital per page over the last `days` days: pages past a limit first, worst LCP first,
 * the reports of addresses the site does not serve last.
 */
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
  const other = (entry: VitalsSummary['pages'][number]) => (entry.page === OTHER_PAGES ? 1 : 0);
  return {
    days,
    pages: [...pages.values()].sort(
      (a, b) => other(a) - other(b) || worst(b) - worst(a) || (b.LCP.p75 ?? 0) - (a.LCP.p75 ?? 0) || a.page.localeCompare(b.page),
    ),
  };
}

/** Reports older than the dashboard's window and a margin are of no further use; nor are the keys of hours past. */
export async function forgetOldVitals(db: Queryable, keepDays: number, now = new Date()) {
  await db.query('delete from web_vitals where created_at < now() - make_interval(days => $1)', [keepDays]);
  await db.query('delete from settings where starts_with(name, $1) and name < $2', [`${SENDER_KEY}:`, senderKeyName(hourOf(now))]);
}

const HOUR_MS = 3_600_000;

/** The start of the hour a time is in: a sender counts once per page in it. */
export const hourOf = (time: Date) => new Date(Math.floor(time.getTime() / HOUR_MS) * HOUR_MS);
