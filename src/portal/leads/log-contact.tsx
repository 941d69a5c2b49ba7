import { useState, type FormEvent } from 'react';
import {
  CHANNEL_LABELS,
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  OUTCOME_LABELS,
  type ContactChannel,
  type ContactOutcome,
} from '../../shared/lead-contacts';
import { useLogContact } from './lead-queries';
import { FollowUpField } from './follow-up-field';
import { SaveMessage, useSaveResult } from '../../ui/save-message';

/**
 * Logs a call, WhatsApp message or mail to the lead and what came of it, with the next follow-up: the lead's first
 * response if it had none, so its clock stops.
 */
export function LogContact({ leadId, followUpAt }: { leadId: string; followUpAt: string | null }) {
  const log = useLogContact(leadId);
  const [channel, setChannel] = useState<ContactChannel>('call');
  const [outcome, setOutcome] = useState<ContactOutcome>('reached');
  const [note, setNote] = useState('');
  const [next, setNext] = useState<string | null | undefined>(undefined);
  const { result: message, save } = useSaveResult();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await save(async () => {
      const contact = { channel, outcome, ...(note.trim() ? { note: note.trim() } : {}) };
      await log.mutateAsync({ ...contact, ...(next !== undefined ? { followUpAt: next } : {}) });
      return `${CHANNEL_LABELS[channel]} logged.`;
    });
    // What was typed stays when it failed, to send again.
    if (saved) setNote('');
  }

  return (
    <form className="log-contact" onSubmit={(e) => void submit(e)} aria-labelledby={`log-contact-${leadId}`}>
      <h3 id={`log-contact-${leadId}`}>Log a contact</h3>
      <fieldset className="log-contact-channels">
        <legend>How</legend>
        {CONTACT_CHANNELS.map((c) => (
          <label key={c} className="log-contact-channel">
            <input type="radio" name={`channel-${leadId}`} value={c} checked={channel === c} onChange={() => setChannel(c)} />
            {CHANNEL_LABELS[c]}
          </label>
        ))}
      </fieldset>
      <label>
        What came of it
        <select value={outcome} onChange={(e) => setOutcome(e.target.value as ContactOutcome)}>
          {CONTACT_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {OUTCOME_LABELS[o]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Note (optional)
        <textarea rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <FollowUpField value={followUpAt} onChange={setNext} disabled={log.isPending} />
      <button type="submit" className="button" disabled={log.isPending}>
        {log.isPending ? 'Logging…' : 'Log contact'}
      </button>
      <SaveMessage result={message} />
    </form>
  );
}
