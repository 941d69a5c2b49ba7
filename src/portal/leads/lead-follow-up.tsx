import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../shared/india-time';
import { useUpdateLead } from './lead-queries';
import { FollowUpField } from './follow-up-field';
import { SaveMessage, type SaveResult } from './save-message';

/** When the lead is to be followed up next, moved or cleared without logging a contact. */
export function LeadFollowUp({ leadId, followUpAt }: { leadId: string; followUpAt: string | null }) {
  const update = useUpdateLead(leadId);
  // Undefined until the field is touched: the lead's own follow-up, however it last changed.
  const [next, setNext] = useState<string | null | undefined>(undefined);
  const [message, setMessage] = useState<SaveResult>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    try {
      const lead = await update.mutateAsync({ followUpAt: next === undefined ? followUpAt : next });
      setNext(undefined);
      setMessage({ text: lead.followUpAt ? `Follow-up set for ${formatDateTime(lead.followUpAt)}.` : 'No follow-up set.' });
    } catch (e) {
      setMessage({ text: e instanceof ApiError ? e.message : 'Something went wrong. Please try again.', error: true });
    }
  }

  return (
    <form className="lead-follow-up" onSubmit={(e) => void submit(e)}>
      <FollowUpField value={followUpAt} onChange={setNext} disabled={update.isPending} />
      <button type="submit" className="button button-light" disabled={update.isPending}>
        Save follow-up
      </button>
      <SaveMessage result={message} />
    </form>
  );
}
