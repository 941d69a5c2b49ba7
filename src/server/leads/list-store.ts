import type { Database } from '../db/database';
import { SqlParams } from '../db/sql-params';
import type { PageRequest, SortKey } from '../db/keyset';
import { listPage, typedSearch } from '../lists/list-page';
import type { LeadFilters } from '../../shared/api/leads';
import { isFranchiseBde } from '../../shared/roles';
import { filterClauses, referenceSearched, searchOf, whereOf, type Viewer } from './lead-where';
import { countLeads } from './count-store';
import { LEAD_SELECT, toLead, type RawLead } from './store';

/** Newest first; the id breaks ties, so every lead has one place in the order and a cursor names one lead. */
const NEWEST_FIRST: SortKey[] = [
  { sql: 's.created_at', direction: 'desc' },
  { sql: 's.id', direction: 'desc' },
];

/**
 * One page of the leads a viewer may see, newest first, with the cursors beside it and how many match: exactly from
 * lead_counts without a search, up to SEARCH_COUNT_CAP with one. A search walks the newest leads for a text in 0.5%
 * of the newest thousand or more and looks a rarer one up in the trigram index (the two cost the same near there at
 * a million leads). An FBDE's scope (their leads or their city's) has no index in the list's order, so their search
 * is probed among all leads under the filters, and walks for a text in 5% of them: about one lead in ten is theirs.
 */
export async function listLeads(db: Database, viewer: Viewer, filters: LeadFilters, page: PageRequest) {
  // A reference names one lead, found through its own index among the filters: nothing to search, probe or count.
  const byReference = referenceSearched(filters) !== null;
  const unsearched = { ...filters, q: undefined };
  const p = new SqlParams();
  const where = whereOf(viewer, byReference ? filters : unsearched, p);
  const franchise = isFranchiseBde(viewer.role) && Boolean(viewer.city);
  const probeParams = new SqlParams();
  const probe =
    franchise && !byReference
      ? { where: ['true', ...filterClauses(viewer, unsearched, probeParams)].join(' and '), params: probeParams }
      : undefined;
  const { rows, ...paging } = await listPage<RawLead>(
    db,
    {
      select: LEAD_SELECT,
      countFrom: 'from submissions s',
      where,
      params: p,
      order: NEWEST_FIRST,
      searches: byReference ? [] : typedSearch('s.search_text', 'q', searchOf(filters)),
      known: byReference ? undefined : () => countLeads(db, viewer, unsearched),
      commonShare: franchise ? 0.05 : 0.005,
      probe,
    },
    page,
  );
  return { ...paging, items: rows.map(toLead) };
}
