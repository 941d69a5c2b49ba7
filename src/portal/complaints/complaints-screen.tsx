import { Link } from 'react-router-dom';
import { PortalPage, QueryState } from '../../ui/portal-page';
import { DataTable } from '../../ui/data-table';
import { formatDateTime } from '../../shared/india-time';
import { STATUS_OPTIONS, statusLabel } from './complaint-statuses';
import { useComplaints } from './complaint-queries';
import { SearchFilter, SelectFilter } from '../../ui/list-filters';
import { useListParams } from '../../ui/use-list-params';

const PAGE_SIZE = 25;
const trail = [{ label: 'Admin', to: '/admin' }];

const count = (n: number) => n.toLocaleString('en-IN');

/** /admin/compliants (so spelled in the product's routes): complaints from logged-in users, newest first. */
export default function ComplaintsScreen() {
  const { values, set, query, paging } = useListParams(['status', 'q'] as const);
  const { status, q } = values;
  const complaints = useComplaints(query(PAGE_SIZE));
  const { data } = complaints;

  return (
    <PortalPage title="Complaints" trail={trail}>
      <form className="portal-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <SearchFilter value={q} placeholder="Subject, message or reference" onChange={(text) => set({ q: text }, true)} />
        <SelectFilter
          label="Status"
          value={status}
          all={data ? `All (${count(Object.values(data.counts).reduce((a, b) => a + b, 0))})` : 'All'}
          options={STATUS_OPTIONS.map((s) => ({
            value: s.value,
            label: data ? `${s.label} (${count(data.counts[s.value] ?? 0)})` : s.label,
          }))}
          onChange={(next) => set({ status: next })}
        />
      </form>
      <QueryState query={complaints} />
      {data ? (
        <DataTable
          cards
          rows={data.complaints}
          caption="Complaints"
          empty={
            q
              ? { title: 'No complaints match', text: 'Try other words or another status.' }
              : status
                ? { title: `No ${statusLabel(status).toLowerCase()} complaints`, text: 'Choose another status.' }
                : { title: 'No complaints yet', text: 'Complaints appear here when logged-in users send one with the Complaint button.' }
          }
          paging={paging(data, 'complaints')}
          columns={[
            { header: 'Received', cell: (c) => formatDateTime(c.createdAt) },
            {
              header: 'Subject',
              cardTitle: true,
              cell: (c) => (
                <>
                  <Link to={`/admin/compliants/${c.id}`}>{c.subject}</Link>
                  <div className="admin-muted">{c.reference}</div>
                </>
              ),
            },
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
