import { Link, useSearchParams } from 'react-router-dom';
import { PortalPage, QueryState } from '../../ui/portal-page';
import { DataTable } from '../../ui/data-table';
import { formatDateTime } from '../../shared/india-time';
import { STATUS_OPTIONS, statusLabel } from './complaint-statuses';
import { useComplaints } from './complaint-queries';

const PAGE_SIZE = 25;
const trail = [{ label: 'Admin', to: '/admin' }];

/** /admin/compliants (so spelled in the product's routes): complaints from logged-in users, newest first. */
export default function ComplaintsScreen() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE), ...(status ? { status } : {}) });
  const complaints = useComplaints(query.toString());
  const { data } = complaints;
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
            {STATUS_OPTIONS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
                {data ? ` (${data.counts[s.value] ?? 0})` : ''}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState query={complaints} />
      {data ? (
        <DataTable
          rows={data.complaints}
          caption="Complaints"
          empty={
            status
              ? { title: `No ${statusLabel(status).toLowerCase()} complaints`, text: 'Choose another status.' }
              : { title: 'No complaints yet', text: 'Complaints appear here when logged-in users send one with the Complaint button.' }
          }
          paging={{ page, pageSize: PAGE_SIZE, total: data.total, onPage: (p) => show({ page: p }) }}
          columns={[
            { header: 'Received', cell: (c) => formatDateTime(c.createdAt) },
            { header: 'Subject', cell: (c) => <Link to={`/admin/compliants/${c.id}`}>{c.subject}</Link> },
            {
              header: 'From',
              cell: (c) => (
                <>
                  {c.user.fullName ?? c.user.username}
                  <div className="admin-muted">
                    {c.user.username} · {c.user.role}
                  </div>
                </>
              ),
            },
            { header: 'Image', cell: (c) => (c.attachmentLink ? 'Yes' : '-') },
            { header: 'Status', cell: (c) => <span className={`status-badge status-${c.status}`}>{statusLabel(c.status)}</span> },
          ]}
        />
      ) : null}
    </PortalPage>
  );
}
