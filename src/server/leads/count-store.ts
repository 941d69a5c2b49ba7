import type { Queryable } from '../db/database';
import { SqlParams } from '../db/sql-params';
import { countUpTo } from '../db/keyset';
import type { LeadFilters } from '../../shared/api/leads';
import { whereOf, type Viewer } from './lead-where';

/**
 * How many leads match filters without a search: exactly from lead_counts (migration 007, a few thousand rows kept
 * by a trigger), which holds every filter but dates; with dates, from the leads themselves up to COUNT_CAP.
 */
export async function countLeads(db: Queryable, viewer: Viewer, filters: LeadFilters): Promise<{ total: number; exact: boolean }> {
  const p = new SqlParams();
  const where = whereOf(viewer, { ...filters, q: undefined }, p);
  if (filters.from || filters.to) return countUpTo(db, `from submissions s where ${where}`, p.values);
  const [row] = await db.query<{ n: number | string }>(`select coalesce(sum(s.n), 0) as n from lead_counts s where ${where}`, p.values);
  return { total: Number(row?.n ?? 0), exact: true };
}

/**
 * The forms, collections and cities among the leads a viewer may see (of a tab's collections), for the filter menus,
 * from lead_counts rather than from every lead.
 */
export async function leadFacets(db: Queryable, viewer: Viewer, within: Pick<LeadFilters, 'collection' | 'excludeCollection'>) {
  const p = new SqlParams();
  const from = `from lead_counts s where s.n > 0 and ${whereOf(viewer, within, p)}`;
  const values = async (sql: string) => (await db.query<{ value: string }>(sql, p.values)).map((r) => r.value);
  return {
    forms: await values(`select distinct s.form_id as value ${from} order by 1`),
    collections: await values(`select distinct s.collection as value ${from} order by 1`),
    // One spelling per city: the filter matches without regard to case.
    cities: await values(`select min(s.city) as value ${from} and s.city is not null group by lower(s.city) order by 1`),
  };
}
