import type { Database } from '../db/database';
import { SqlParams } from '../db/sql-params';
import { keysetPage, type KeysetPage, type PageRequest } from '../db/keyset';
import type { LeadFilters } from '../../shared/api/leads';
import { searchOf, whereOf, type Viewer } from './lead-where';
import { countLeads } from './count-store';
import { NEWEST_FIRST, searchLeads } from './search-store';
import { LEAD_SELECT, toLead, type RawLead } from './store';

const answer = ({ rows, total, exact }: { rows: KeysetPage<RawLead>; total: number; exact: boolean }) => ({
  items: rows.rows.map(toLead),
  nextCursor: rows.nextCursor,
  prevCursor: rows.prevCursor,
  total,
  totalExact: exact,
});

/** One page of the leads a viewer may see, newest first, with the cursors beside it and how many match. */
export async function listLeads(db: Database, viewer: Viewer, filters: LeadFilters, page: PageRequest) {
  const q = searchOf(filters);
  if (q) return answer(await searchLeads(db, viewer, filters, q, page));
  const p = new SqlParams();
  const where = whereOf(viewer, filters, p);
  // On PostgreSQL the count and the page run at once, on two connections.
  const [count, rows] = await Promise.all([
    countLeads(db, viewer, filters),
    keysetPage<RawLead>(db, { select: LEAD_SELECT, where, params: p, order: NEWEST_FIRST }, page),
  ]);
  return answer({ ...count, rows });
}
