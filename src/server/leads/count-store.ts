import type { Database, Queryable } from '../db/database';
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
 * The forms, collections, cities and sources among the leads a viewer may see (of a tab's collections), for the filter menus,
 * from lead_counts rather than from every lead. A value is there while its slots (migration 009) add up to a lead.
 */
export async function leadFacets(db: Queryable, viewer: Viewer, within: Pick<LeadFilters, 'collection' | 'excludeCollection'>) {
  const p = new SqlParams();
  const where = whereOf(viewer, within, p);
  const counted = (column: string) => `select ${column} as value from lead_counts s where ${where} group by 1 having sum(s.n) > 0`;
  const values = async (sql: string) => (await db.query<{ value: string }>(sql, p.values)).map((r) => r.value);
  return {
    forms: await values(`${counted('s.form_id')} order by 1`),
    collections: await values(`${counted('s.collection')} order by 1`),
    // One spelling per city: the filter matches without regard to case.
    cities: await values(
      `select min(c.value) as value from (${counted('s.city')}) c where c.value is not null group by lower(c.value) order by 1`,
    ),
    sources: await values(`select c.value from (${counted('s.source')}) c where c.value is not null order by 1`),
  };
}

const KEY = 'form_id, collection, city, assigned_to, status, source';

/**
 * Folds every combination's slots (migration 009) back into slot 0, keeping each total: housekeeping, so readers add
 * up a few rows per combination. Rows are locked in the order the counting trigger takes them, so a lead changing
 * meanwhile waits rather than deadlocks.
 */
export async function foldLeadCounts(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`select 1 from lead_counts where slot <> 0 order by ${KEY}, slot for update`);
    await tx.query(
      `with spread as (delete from lead_counts where slot <> 0 returning ${KEY}, n)
       insert into lead_counts as t (${KEY}, slot, n)
       select ${KEY}, 0, sum(n) from spread group by ${KEY} order by ${KEY}
       on conflict (form_id, collection, coalesce(city, ''), coalesce(assigned_to, '00000000-0000-0000-0000-000000000000'), status,
                    coalesce(source, ''), slot)
       do update set n = t.n + excluded.n`,
    );
  });
}
