import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { FormBanner } from '../../ui/form-banner';
import { formatDateTime } from '../../shared/india-time';
import { CORRECTION_MAX_LENGTH, type CorrectionAnswer, type DataRequestSummary } from '../../shared/api/data-requests';
import { useAnswerCorrection } from './admin-queries';

/**
 * A confirmed correction waiting for its answer: who asked and what they say is wrong, a link to their records in the
 * leads inbox, and the answer sent to them (by mail, or by SMS to a number). Once answered, the request forgets the address and the words.
 */
export function CorrectionAnswerCard({ request }: { request: DataRequestSummary }) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const answer = useAnswerCorrection(request.id);
  const contact = request.contact ?? '';

  async function send(outcome: CorrectionAnswer['outcome']) {
    if (!message.trim()) return setError('Write the answer the person will receive first.');
    setError(null);
    try {
      await answer.mutateAsync({ outcome, message: message.trim() });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong.');
    }
  }

  return (
    <section className="portal-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Correction asked by {contact}</h3>
      <dl className="detail-list">
        <dt>Confirmed</dt>
        <dd>{request.confirmedAt ? formatDateTime(request.confirmedAt) : '-'}</dd>
        <dt>Due by</dt>
        <dd>{formatDateTime(request.dueAt)}</dd>
        <dt>What they say</dt>
        <dd className="admin-pre">{request.details}</dd>
        <dt>Their records</dt>
        <dd>
          <a href={`/view-forms?q=${encodeURIComponent(contact)}`}>Leads under {contact}</a>
        </dd>
      </dl>
      <form
        className="admin-form"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void send('corrected');
        }}
        noValidate
      >
        <div className="form-group">
          <label className="control-label" htmlFor={`${id}-answer`}>
            Answer sent to {contact}
          </label>
          <textarea
            id={`${id}-answer`}
            className="form-control"
            rows={3}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            maxLength={CORRECTION_MAX_LENGTH}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <FormBanner message={error} />
        <div className="button-row">
          <button type="submit" className="button" disabled={answer.isPending}>
            Mark corrected
          </button>
          <button type="button" className="button button-light" disabled={answer.isPending} onClick={() => void send('declined')}>
            Decline
          </button>
        </div>
      </form>
    </section>
  );
}
