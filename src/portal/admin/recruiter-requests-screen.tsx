import { Link } from 'react-router-dom';
import { PortalPage, QueryView } from '../../ui/portal-page';
import { DataTable, type Column } from '../../ui/data-table';
import type { RecruiterRequest } from '../../shared/api/recruiter-requests';
import { formatDateTime } from '../../shared/india-time';
import { useRecruiterRequests } from './admin-queries';
import { useListParams } from '../../ui/use-list-params';
import { REQUEST_STATUSES, requestStatusLabel } from './request-status';
import { SearchFilter, SelectFilter } from '../../ui/list-filters';
import { shownPhone } from '../../ui/stored-phone';

const PAGE_SIZE = 25;
const NONE_MATCH = { title: 'No requests match', text: 'Try another search or status.' };
const NONE_YET = { title: 'No recruiter requests yet', text: 'They appear here as people apply on the Apply as a Recruiter page.' };
const trail = [{ label: 'Admin', to: '/admin' }];

const columns: Column<RecruiterRequest>[] = [
  { header: 'Received', cell: (r) => formatDateTime(r.createdAt) },
  { cardTitle: true, header: 'Name', cell: (r) => <Link to={`/admin/recruiter-requests/${r.id}`}>{r.name ?? 'Unnamed'}</Link> },
  {
    header: 'Contact',
    cell: (r) => (
      <>
        {r.email ?? '-'}
        {r.phone ? <div className="admin-muted">{shownPhone(r.phone)}</div> : null}
      </>
    ),
  },
  { header: 'City', cell: (r) => r.city ?? '-' },
  { header: 'Experience', cell: (r) => r.experience ?? '-' },
  { header: 'Status', cell: (r) => <span className={`status-badge status-${r.status}`}>{requestStatusLabel(r.status)}</span> },
];

/** /admin/recruiter-requests: applications from /apply-as-a-recruiter, newest first. */
export default function RecruiterRequestsScreen() {
  const { values, set, query, paging } = useListParams(['search', 'status'] as const);
  const requests = useRecruiterRequests(query(PAGE_SIZE));
  return (
    <PortalPage title="Recruiter Requests" trail={trail}>
      <form className="portal-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <SearchFilter value={values.search} placeholder="Name, email, phone or city" onChange={(search) => set({ search }, true)} />
        <SelectFilter label="Status" value={values.status} all="All" options={REQUEST_STATUSES} onChange={(status) => set({ status })} />
      </form>
      <QueryView query={requests}>
        {(list) => (
          <DataTable
            cards
            rows={list.requests}
            caption="Recruiter requests"
            empty={values.search || values.status ? NONE_MATCH : NONE_YET}
            paging={paging(list, 'requests')}
            columns={columns}
          />
        )}
      </QueryView>
    </PortalPage>
  );
}
