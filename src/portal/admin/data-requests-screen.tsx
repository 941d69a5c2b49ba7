import { PortalPage, QueryView } from '../../ui/portal-page';
import { DataTable } from '../../ui/data-table';
import { formatDateTime } from '../../shared/india-time';
import type { DataRequestSummary } from '../../shared/api/data-requests';
import { useDataRequests } from './admin-queries';
import { CorrectionAnswerCard } from './correction-answer';

const trail = [{ label: 'Admin', to: '/admin' }];

const outcomeText = (r: DataRequestSummary) =>
  r.outcome
    ? Object.entries(r.outcome)
        .map(([category, count]) => `${category}: ${count}`)
        .join(', ')
    : '';

const kindText = { access: 'See data', erasure: 'Erase data', correction: 'Correct data' } as const;

/**
 * /admin/data-requests: requests to see, correct or erase personal data, newest first. Corrections waiting for an
 * answer come first with who asked and what they say; the table never shows an address.
 */
export default function DataRequestsScreen() {
  const requests = useDataRequests();
  return (
    <PortalPage title="Data Requests" trail={trail}>
      <p>
        People ask at <a href="/your-data">/your-data</a> and confirm by a link sent by mail, or by SMS to a mobile number. A confirmed
        request to see or erase data is answered at once, and the records found or erased are counted by category. A correction waits here
        for an admin to make the change and answer.
      </p>
      <QueryView query={requests}>
        {(rows) => (
          <>
            {rows
              .filter((r) => r.status === 'awaiting an answer')
              .map((r) => (
                <CorrectionAnswerCard key={r.id} request={r} />
              ))}
            <DataTable
              cards
              caption="Data requests"
              rows={rows}
              empty={{ title: 'No data requests yet', text: 'Requests made at /your-data show here.' }}
              columns={[
                { header: 'Asked', cell: (r) => formatDateTime(r.createdAt) },
                { header: 'Kind', cell: (r) => kindText[r.kind] },
                { header: 'Status', cell: (r) => r.status },
                { header: 'Due by', cell: (r) => formatDateTime(r.dueAt) },
                { header: 'Answered', cell: (r) => (r.completedAt ? formatDateTime(r.completedAt) : '') },
                { header: 'Outcome', cell: outcomeText },
              ]}
            />
          </>
        )}
      </QueryView>
    </PortalPage>
  );
}
