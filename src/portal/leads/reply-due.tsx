import { formatDateTime } from '../../shared/india-time';
import type { LeadSummary } from '../../shared/api/leads';
import { useNow } from '../../lib/use-now';

/**
 * Where an unanswered lead stands against its promised reply: overdue, or due by when. Nothing once it is answered,
 * or for a lead promised no reply. It turns overdue on screen as the time passes.
 */
export function ReplyDue({ lead }: { lead: Pick<LeadSummary, 'respondBy' | 'answeredAt'> }) {
  const now = useNow();
  if (!lead.respondBy || lead.answeredAt) return null;
  const due = formatDateTime(lead.respondBy);
  if (Date.parse(lead.respondBy) <= now)
    return (
      <span className="leads-due">
        <span className="status-badge status-overdue">Overdue</span> reply was due {due}
      </span>
    );
  return <span className="leads-due leads-muted">Reply due by {due}</span>;
}
