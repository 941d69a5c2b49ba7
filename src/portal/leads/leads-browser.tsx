import { useEffect, useMemo, useRef } from 'react';
import { useSession } from '../../lib/use-session';
import { QueryState } from '../../ui/portal-page';
import { matchCount } from '../../ui/pagination';
import { ExportCsvButton } from './export-csv-button';
import { LeadDetail } from './lead-detail';
import { LeadFilters } from './lead-filters';
import { LeadTable } from './lead-table';
import { useAssignees, useLeadFacets, useLeads } from './lead-queries';
import { FILTER_KEYS, leadQuery, useLeadParams } from './use-lead-params';
import { isAdmin, isFranchiseBde } from '../../shared/roles';

const PAGE_SIZE = 20;

interface LeadsBrowserProps {
  /** Sent with every request of this view and not offered as a filter, e.g. collection=JobRequests on a tab. */
  fixed?: { collection?: string; excludeCollection?: string };
  /** What an empty list says before any filter is chosen. */
  empty: { title: string; text: string };
}

/**
 * The one way the portal shows leads, for the admin's inbox and the BDE portal alike: filters, search, a page of
 * the table, and a lead opened in place of the list. What a role may see and change is decided by the server;
 * this only leaves out the controls a role cannot use.
 */
export function LeadsBrowser({ fixed = {}, empty }: LeadsBrowserProps) {
  const { role } = useSession();
  const admin = isAdmin(role);
  const { filters, cursor, openLead, setFilter, clearFilters, setCursor, setOpenLead } = useLeadParams();
  const facets = useLeadFacets(leadQuery({}, fixed));
  const assignees = useAssignees(admin);
  const filterQuery = leadQuery(filters, fixed);
  const list = useLeads(openLead ? null : leadQuery(filters, { ...fixed, ...cursor, pageSize: PAGE_SIZE }));
  const formTitles = useMemo(() => new Map(facets.data?.forms.map((f) => [f.id, f.title])), [facets.data]);

  // A lead closed (its Back button, or the browser's) gives focus back to its name in the list, once the list shows.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (openLead) {
      opened.current = openLead;
      return;
    }
    if (!opened.current || !list.data) return;
    const name = document.querySelector<HTMLElement>(`.leads-open[data-lead="${CSS.escape(opened.current)}"]`);
    opened.current = null;
    if (name) name.focus();
    else focusHeading();
  }, [openLead, list.data]);

  if (openLead)
    return <LeadDetail key={openLead} id={openLead} assignees={admin ? assignees.data : undefined} onBack={() => setOpenLead(null)} />;

  const filtered = FILTER_KEYS.some((k) => filters[k]);
  const data = list.data;
  return (
    <>
      <LeadFilters
        filters={filters}
        onFilter={setFilter}
        onClear={clearFilters}
        facets={facets.data}
        assigned={admin ? { assignees: assignees.data ?? [] } : isFranchiseBde(role) ? 'mine' : null}
        showCollection={!fixed.collection}
      >
        {admin ? (
          <ExportCsvButton query={filterQuery} expected={list.data && { total: list.data.total, exact: list.data.totalExact }} />
        ) : null}
      </LeadFilters>
      <QueryState query={list} />
      {data ? (
        <div aria-busy={list.isFetching}>
          <p className="leads-count" role="status">
            {data.total === 1 && data.totalExact ? '1 lead' : matchCount(data.total, data.totalExact, 'leads')}
            {filtered ? ' match these filters' : ''}
          </p>
          <LeadTable
            leads={data.items}
            formTitles={formTitles}
            onOpen={setOpenLead}
            paging={{
              nextCursor: data.nextCursor,
              prevCursor: data.prevCursor,
              total: data.total,
              totalExact: data.totalExact,
              onPage: setCursor,
              noun: 'leads',
            }}
            empty={
              data.total > 0
                ? {
                    title: 'Nothing on this page',
                    text: (
                      <button type="button" className="button button-light" onClick={() => setCursor({})}>
                        Go to the first page
                      </button>
                    ),
                  }
                : filtered
                  ? {
                      title: 'No leads match these filters',
                      text: (
                        <button type="button" className="button button-light" onClick={clearFilters}>
                          Clear filters
                        </button>
                      ),
                    }
                  : empty
            }
          />
        </div>
      ) : null}
    </>
  );
}

/** The screen's h1, where focus goes when the lead that was open is no longer on the page of the list. */
function focusHeading() {
  const heading = document.querySelector<HTMLElement>('#main h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}
