import { Link } from 'react-router-dom';
import { PortalPage, QueryState } from '../../ui/portal-page';
import { DataTable } from '../../ui/data-table';
import { formatDateTime } from '../../shared/india-time';
import { useRecruiterRequests } from './admin-queries';
import { useListParams } from './use-list-params';
import { REQUEST_STATUSES, requestStatusLabel } from './request-status';

const PAGE_SIZE = 25;
const trail = [{ label: 'Admin', to: '/admin' }];
const STATUSES = [{ value: '', label: 'All' }, ...REQUEST_STATUSES];

/** /admin/recruiter-requests: applications from /apply-as-a-recruiter, newest first. */
export default function RecruiterRequestsScreen() {
  const { values, page, set, query } = useListParams(['status'] as const);
  const requests = useRecruiterRequests(query(PAGE_SIZE));
  const { data } = requests;
  return (
    <PortalPage title="Recruiter Requests" trail={trail}>
      <div className="portal-filters">
        <label>
          Status
          <select value={values.status} onChange={(e) => set({ status: e.target.value })}>
            {STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState query={requests} />
      {data ? (
        <DataTable
          rows={data.requests}
          rowKey={(r) => r.id}
          caption="Recruiter requests"
          empty={
            values.status
              ? { title: 'No requests with this status', text: 'Choose another status.' }
              : { title: 'No recruiter requests yet', text: 'They appear here as people apply on the Apply as a Recruiter page.' }
          }
          paging={{ page, pageSize: PAGE_SIZE, total: data.total, onPage: (p) => set({ page: String(p) }) }}
          columns={[
            { header: 'Received', cell: (r) => formatDateTime(r.createdAt) },
            { header: 'Name', cell: (r) => <Link to={`/admin/recruiter-requests/${r.id}`}>{r.name ?? 'Unnamed'}</Link> },
            {
              header: 'Contact',
              cell: (r) => (
                <>
                  {r.email ?? '-'}
                  {r.phone ? <div className="admin-muted">{r.phone}</div> : null}
                </>
              ),
            },
            { header: 'City', cell: (r) => r.city ?? '-' },
            { header: 'Experience', cell: (r) => r.experience ?? '-' },
            { header: 'Status', cell: (r) => <span className={`status-badge status-${r.status}`}>{requestStatusLabel(r.status)}</span> },
          ]}
        />
      ) : null}
    </PortalPage>
  );
}
