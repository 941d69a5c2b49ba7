import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../../shared/india-time';
import { useUpdateLead } from './lead-queries';
import { FollowUpField } from './follow-up-field';
import { SaveMessage, useSaveResult } from '../../ui/save-message';

/** When the lead is to be followed up next, moved or cleared without logging a contact. */
export function LeadFollowUp({ leadId, followUpAt }: { leadId: string; followUpAt: string | null }) {
  const update = useUpdateLead(leadId);
  // Undefined until the field is touched: the lead's own follow-up, however it last changed.
  const [next, setNext] = useState<string | null | undefined>(undefined);
  const { result: message, save } = useSaveResult();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await save(async () => {
      const lead = await update.mutateAsync({ followUpAt: next === undefined ? followUpAt : next });
      return lead.followUpAt ? `Follow-up set for ${formatDateTime(lead.followUpAt)}.` : 'No follow-up set.';
    });
    if (saved) setNext(undefined);
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
