import type { Database, Queryable } from '../db/database';
import { indiaDatePlus } from '../../shared/india-time';
import type { DashboardTrends, LeadSeries, ResponseFigures } from '../../shared/api/dashboard';
import { staffName } from '../users/staff-name';

/** How far back the charts look, in India days, today included. */
export const TREND_DAYS = 90;
/** A chart of leads per day draws this many cities or sources, the rest as one "Other" line. */
export const TOP_SERIES = 6;

/** Rows of lead_daily_counts for a day and one value, the day as its place from the first day. */
interface DayCount {
  i: number;
  name: string | null;
  n: number;
}

/** The biggest values by their total over the days, each a series; the rest added up into one. */
export function topSeries(rows: DayCount[], days: number, top = TOP_SERIES): LeadSeries[] {
  const byName = new Map<string | null, LeadSeries>();
  for (const row of rows) {
    let series = byName.get(row.name);
    if (!series) byName.set(row.name, (series = { name: row.name, other: false, members: 1, total: 0, perDay: Array(days).fill(0) }));
    series.perDay[row.i] = (series.perDay[row.i] ?? 0) + row.n;
    series.total += row.n;
  }
  const ranked = [...byName.values()]
    .filter((s) => s.total > 0)
    .sort((a, b) => b.total - a.total || (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff'));
  // An "Other" of one value would hide its name for nothing.
  if (ranked.length <= top + 1) return ranked;
  const rest = ranked.slice(top);
  const other: LeadSeries = { name: null, other: true, members: rest.length, total: 0, perDay: Array(days).fill(0) };
  for (const series of rest) {
    other.total += series.total;
    series.perDay.forEach((n, i) => (other.perDay[i] = (other.perDay[i] ?? 0) + n));
  }
  return [...ranked.slice(0, top), other];
}

/**
 * Leads per day of the days from `firstDay` through `lastDay` by city and by source, from lead_daily_counts (migration
 * 028) in one pass: a few rows per day and value rather than every lead.
 */
async function perDay(db: Queryable, firstDay: string, lastDay: string, days: number) {
  const rows = await db.query<DayCount & { by_source: number }>(
    `select (day - $1::date)::int as i, grouping(city) as by_source, coalesce(city, source) as name, sum(n)::int as n
       from lead_daily_counts where day between $1::date and $2::date
      group by grouping sets ((day, city), (day, source)) having sum(n) <> 0`,
    [firstDay, lastDay],
  );
  return {
    byCity: topSeries(
      rows.filter((r) => r.by_source === 0),
      days,
    ),
    bySource: topSeries(
      rows.filter((r) => r.by_source === 1),
      days,
    ),
  };
}

interface ResponseRow {
  city_set: number;
  assignee_set: number;
  city: string | null;
  assignee: string | null;
  promised: number;
  answered: number;
  p50: number | null;
  p90: number | null;
  within: number;
  missed: number;
  waiting: number;
}

/**
 * First replies to the leads created since `since` that were promised one (migration 026), by city, by assignee and
 * all together, in one pass over those leads through the partial index of migration 028 (submissions_first_reply): the time from a lead's
 * arrival to its first answer at the 50th and 90th percentiles, and how many were answered by the time promised.
 * An unanswered lead has no reply time yet; past its promise it counts as missed, before it as waiting.
 */
async function firstResponse(db: Queryable, since: string): Promise<DashboardTrends['firstResponse']> {
  const rows = await db.query<ResponseRow>(
    `with g as (
       select grouping(s.city) as city_set, grouping(s.assigned_to) as assignee_set, s.city, s.assigned_to,
              count(*)::int as promised, count(s.answered_at)::int as answered,
              percentile_cont(0.5) within group (order by extract(epoch from s.answered_at - s.created_at) / 60) as p50,
              percentile_cont(0.9) within group (order by extract(epoch from s.answered_at - s.created_at) / 60) as p90,
              count(*) filter (where s.answered_at <= s.respond_by)::int as within,
              count(*) filter (where s.answered_at > s.respond_by or (s.answered_at is null and s.respond_by <= now()))::int as missed,
              count(*) filter (where s.answered_at is null and s.respond_by > now())::int as waiting
         from submissions s
        where s.created_at >= $1::timestamptz and s.respond_by is not null
        group by grouping sets ((s.city), (s.assigned_to), ()))
     select g.*, ${staffName('u')} as assignee
       from g left join users u on u.id = g.assigned_to
      order by g.promised desc, g.city, assignee`,
    [since],
  );
  const figures = (row: ResponseRow, name: string | null): ResponseFigures => ({
    name,
    promised: row.promised,
    answered: row.answered,
    p50Minutes: row.p50 === null ? null : Number(row.p50),
    p90Minutes: row.p90 === null ? null : Number(row.p90),
    withinPromise: row.within,
    missedPromise: row.missed,
    waiting: row.waiting,
  });
  const all = rows.find((r) => r.city_set === 1 && r.assignee_set === 1);
  return {
    all: all ? figures(all, null) : { ...NO_RESPONSES },
    byCity: rows.filter((r) => r.city_set === 0).map((r) => figures(r, r.city)),
    byAssignee: rows.filter((r) => r.assignee_set === 0).map((r) => figures(r, r.assignee)),
  };
}

const NO_RESPONSES: ResponseFigures = {
  name: null,
  promised: 0,
  answered: 0,
  p50Minutes: null,
  p90Minutes: null,
  withinPromise: 0,
  missedPromise: 0,
  waiting: 0,
};

/** The dashboard's charts over the last TREND_DAYS India days, today included. */
export async function dashboardTrends(db: Queryable, now = new Date()): Promise<DashboardTrends> {
  const firstDay = indiaDatePlus(-(TREND_DAYS - 1), now);
  const lastDay = indiaDatePlus(0, now);
  const [{ byCity, bySource }, response] = await Promise.all([
    perDay(db, firstDay, lastDay, TREND_DAYS),
    firstResponse(db, `${firstDay}T00:00:00+05:30`),
  ]);
  return { days: TREND_DAYS, firstDay, byCity, bySource, firstResponse: response };
}

const KEY = "day, form_id, coalesce(city, ''), coalesce(source, '')";

/**
 * Folds every combination's slots (migration 028) back into slot 0, keeping each total: housekeeping, so the charts
 * add up a few rows per day. Rows are locked in the order the counting triggers take them, so a lead stored meanwhile
 * waits rather than deadlocks.
 */
export async function foldLeadDailyCounts(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`select 1 from lead_daily_counts where slot <> 0 order by ${KEY}, slot for update`);
    await tx.query(
      `with spread as (delete from lead_daily_counts where slot <> 0 returning day, form_id, city, source, n)
       insert into lead_daily_counts as t (day, form_id, city, source, slot, n)
       select day, form_id, city, source, 0, sum(n) from spread group by day, form_id, city, source
        order by day, form_id, coalesce(city, ''), coalesce(source, '')
       on conflict (${KEY}, slot) do update set n = t.n + excluded.n`,
    );
  });
}
