import { PortalPage, QueryState } from '../../ui/portal-page';
import { DataTable } from '../../ui/data-table';
import { formatDateTime } from '../../shared/india-time';
import { statusLabel } from './complaint-statuses';
import { useMyComplaints } from './complaint-queries';

/** /my-complaints: the complaints the signed-in user sent, newest first, each with its reference and where it stands. */
export default function MyComplaintsScreen() {
  const complaints = useMyComplaints();
  const { data } = complaints;
  return (
    <PortalPage title="My complaints">
      <QueryState query={complaints} />
      {data ? (
        <DataTable
          cards
          rows={data}
          rowKey={(c) => c.reference}
          caption="My complaints"
          empty={{ title: 'No complaints sent', text: 'A complaint you send with the Complaint button appears here with its reference.' }}
          columns={[
            { header: 'Reference', cell: (c) => c.reference },
            { header: 'Sent', cell: (c) => formatDateTime(c.createdAt) },
            { cardTitle: true, header: 'Subject', cell: (c) => c.subject },
            {
              header: 'Status',
              cell: (c) => (
                <>
                  <span className={`status-badge status-${c.status}`}>{statusLabel(c.status)}</span>
                  {c.updatedAt ? <div className="admin-muted">since {formatDateTime(c.updatedAt)}</div> : null}
                </>
              ),
            },
          ]}
        />
      ) : null}
    </PortalPage>
  );
}
