import { PortalPage, QueryView } from '../../ui/portal-page';
import { DataTable } from '../../ui/data-table';
import { formatDateTime } from '../../shared/india-time';
import type { DataRequestSummary } from '../../shared/api/data-requests';
import { useDataRequests } from './admin-queries';

const trail = [{ label: 'Admin', to: '/admin' }];

const outcomeText = (r: DataRequestSummary) =>
  r.outcome
    ? Object.entries(r.outcome)
        .map(([category, count]) => `${category}: ${count}`)
        .join(', ')
    : '';

/** /admin/data-requests: requests to see or erase personal data, newest first; never the address they name. */
export default function DataRequestsScreen() {
  const requests = useDataRequests();
  return (
    <PortalPage title="Data Requests" trail={trail}>
      <p>
        People ask at <a href="/your-data">/your-data</a> and confirm by a mailed link; a confirmed request is answered at once. Records
        found (access) or erased (erasure) are counted by category.
      </p>
      <QueryView query={requests}>
        {(rows) => (
          <DataTable
            caption="Data requests"
            rows={rows}
            empty={{ title: 'No data requests yet', text: 'Requests made at /your-data show here.' }}
            columns={[
              { header: 'Asked', cell: (r) => formatDateTime(r.createdAt) },
              { header: 'Kind', cell: (r) => (r.kind === 'access' ? 'See data' : 'Erase data') },
              { header: 'Status', cell: (r) => r.status },
              { header: 'Due by', cell: (r) => formatDateTime(r.dueAt) },
              { header: 'Answered', cell: (r) => (r.completedAt ? formatDateTime(r.completedAt) : '') },
              { header: 'Outcome', cell: outcomeText },
            ]}
          />
        )}
      </QueryView>
    </PortalPage>
  );
}
