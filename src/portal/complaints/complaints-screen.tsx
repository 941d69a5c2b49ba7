import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState, LoadState, PortalPage } from '../../ui/portal-page';
import { Pagination } from '../../ui/pagination';
import { useApi } from '../../ui/use-api';
import { formatDateTime } from '../../shared/india-time';
import { COMPLAINT_STATUSES, statusLabel, type Complaint } from './complaint-types';

const PAGE_SIZE = 25;
const trail = [{ label: 'Admin', to: '/admin' }];

interface ComplaintList {
  complaints: Complaint[];
  total: number;
  page: number;
  pageSize: number;
  counts: Record<string, number>;
}

/** /admin/compliants (so spelled in the product's routes): complaints from logged-in users, newest first. */
export default function ComplaintsScreen() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE), ...(status ? { status } : {}) });
  const { data, error, loading, reload } = useApi<ComplaintList>(`/api/admin/complaints?${query}`);
  const show = (next: { status?: string; page?: number }) => {
    const p = new URLSearchParams();
    const s = next.status ?? status;
    if (s) p.set('status', s);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p);
  };

  return (
    <PortalPage title="Complaints" trail={trail}>
      <div className="portal-filters">
        <label>
          Status
          <select value={status} onChange={(e) => show({ status: e.target.value })}>
            <option value="">All{data ? ` (${Object.values(data.counts).reduce((a, b) => a + b, 0)})` : ''}</option>
            {COMPLAINT_STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
                {data ? ` (${data.counts[s.value] ?? 0})` : ''}
              </option>
            ))}
          </select>
        </label>
      </div>
      <LoadState loading={loading && !data} error={error} onRetry={reload} />
      {data && !data.complaints.length ? (
        <EmptyState title={status ? `No ${statusLabel(status).toLowerCase()} complaints` : 'No complaints yet'}>
          {status ? 'Choose another status.' : 'Complaints appear here when logged-in users send one with the Complaint button.'}
        </EmptyState>
      ) : null}
      {data?.complaints.length ? (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Subject</th>
                <th scope="col">From</th>
                <th scope="col">Image</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {data.complaints.map((c) => (
                <tr key={c.id}>
                  <td>{formatDateTime(c.createdAt)}</td>
                  <td>
                    <Link to={`/admin/compliants/${c.id}`}>{c.subject}</Link>
                  </td>
                  <td>
                    {c.user.fullName ?? c.user.username}
                    <div className="admin-muted">
                      {c.user.username} · {c.user.role}
                    </div>
                  </td>
                  <td>{c.attachmentLink ? 'Yes' : '-'}</td>
                  <td>
                    <span className={`status-badge status-${c.status}`}>{statusLabel(c.status)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data ? <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} onPage={(p) => show({ page: p })} /> : null}
    </PortalPage>
  );
}
