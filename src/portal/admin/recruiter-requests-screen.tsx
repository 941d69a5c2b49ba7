import { Link } from 'react-router-dom';
import { EmptyState, LoadState, PortalPage } from '../../ui/portal-page';
import { Pagination } from '../../ui/pagination';
import { useApi } from '../../ui/use-api';
import { formatDateTime } from '../../shared/india-time';
import type { Paged, RecruiterRequest } from './admin-types';
import { useListParams } from './use-list-params';
import { REQUEST_STATUSES, requestStatusLabel } from './request-status';

const PAGE_SIZE = 25;
const trail = [{ label: 'Admin', to: '/admin' }];
const STATUSES = [{ value: '', label: 'All' }, ...REQUEST_STATUSES];

/** /admin/recruiter-requests: applications from /apply-as-a-recruiter, newest first. */
export default function RecruiterRequestsScreen() {
  const { values, page, set, query } = useListParams(['status'] as const);
  const { data, error, loading, reload } = useApi<Paged & { requests: RecruiterRequest[] }>(`/api/admin/recruiter-requests?${query(PAGE_SIZE)}`);
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
      <LoadState loading={loading && !data} error={error} onRetry={reload} />
      {data && !data.requests.length ? (
        <EmptyState title={values.status ? 'No requests with this status' : 'No recruiter requests yet'}>
          {values.status ? 'Choose another status.' : 'They appear here as people apply on the Apply as a Recruiter page.'}
        </EmptyState>
      ) : null}
      {data?.requests.length ? (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Name</th>
                <th scope="col">Contact</th>
                <th scope="col">City</th>
                <th scope="col">Experience</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {data.requests.map((r) => (
                <tr key={r.id}>
                  <td>{formatDateTime(r.createdAt)}</td>
                  <td>
                    <Link to={`/admin/recruiter-requests/${r.id}`}>{r.name ?? 'Unnamed'}</Link>
                  </td>
                  <td>
                    {r.email ?? '-'}
                    {r.phone ? <div className="admin-muted">{r.phone}</div> : null}
                  </td>
                  <td>{r.city ?? '-'}</td>
                  <td>{r.experience ?? '-'}</td>
                  <td>
                    <span className={`status-badge status-${r.status}`}>{requestStatusLabel(r.status)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data ? <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} onPage={(p) => set({ page: String(p) })} /> : null}
    </PortalPage>
  );
}
