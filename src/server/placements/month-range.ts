import { indiaDateOf } from '../../shared/india-time';
import type { MonthRange } from './store';

/** The first day of the month `months` after YYYY-MM, as YYYY-MM-DD. */
function monthStart(month: string, months = 0): string {
  const [year = 0, m = 1] = month.split('-').map(Number);
  const d = new Date(Date.UTC(year, m - 1 + months, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * A report's months as asked (YYYY-MM); when not, the twelve up to this month in India, or up to the latest joining
 * already agreed (`latestJoining`, YYYY-MM-DD) when that is later. Null when `to` comes before `from`.
 */
export function monthRange(
  asked: { from?: string; to?: string },
  latestJoining: string | null,
  now = new Date(),
): (MonthRange & { fromMonth: string; toMonth: string }) | null {
  const thisMonth = indiaDateOf(now).slice(0, 7);
  const latest = latestJoining?.slice(0, 7);
  const toMonth = asked.to ?? (latest && latest > thisMonth ? latest : thisMonth);
  const fromMonth = asked.from ?? monthStart(toMonth, -11).slice(0, 7);
  if (fromMonth > toMonth) return null;
  return { fromMonth, toMonth, from: monthStart(fromMonth), until: monthStart(toMonth, 1) };
}
