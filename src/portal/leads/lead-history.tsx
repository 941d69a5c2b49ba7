import { formatDateTime } from '../../shared/india-time';
import type { LeadEvent, Person } from '../../shared/api/leads';
import { personName, STATUS_LABELS } from './lead-labels';
import { OUTCOME_LABELS, type ContactChannel } from '../../shared/lead-contacts';

const LOGGED: Record<ContactChannel, string> = { call: 'a call', whatsapp: 'a WhatsApp message', email: 'an e-mail' };

const someone = (person: Person | null) => (person ? personName(person) : 'Someone');

/** One step of the history as a sentence. */
function describe(event: LeadEvent): string {
  switch (event.kind) {
    case 'routed':
      return `Routed to ${personName(event.to)} (${event.team}) by the rule “${event.rule}”.`;
    case 'repeat':
      return `Sent again by the same person: to ${personName(event.to)}, who has their lead ${event.of}.`;
    case 'kept':
      return `Left for the inbox by the rule “${event.rule}”.`;
    case 'unavailable':
      return `Left for the inbox: nobody in ${event.teams.join(' or ')} was available.`;
    case 'assigned':
      if (event.unanswered && event.to)
        return `Passed to ${personName(event.to)}${event.from ? ` from ${personName(event.from)}` : ''}: nobody had answered it in time.`;
      if (!event.to) return `${someone(event.by)} unassigned it${event.from ? ` from ${personName(event.from)}` : ''}.`;
      return `${someone(event.by)} assigned it to ${personName(event.to)}${event.from ? ` (was ${personName(event.from)})` : ''}.`;
    case 'status':
      return `${someone(event.by)} moved it from ${STATUS_LABELS[event.from]} to ${STATUS_LABELS[event.to]}.`;
    case 'contacted':
      return `${someone(event.by)} logged ${LOGGED[event.channel]}: ${OUTCOME_LABELS[event.outcome]}.${event.note ? ` “${event.note}”` : ''}`;
    case 'follow-up':
      return event.due
        ? `${someone(event.by)} set the next follow-up for ${formatDateTime(event.due)}.`
        : `${someone(event.by)} cleared the next follow-up.`;
    case 'merged':
      return `${someone(event.by)} merged the person who sent it with the sender of ${event.with ?? 'a lead since erased'}.`;
    case 'separated':
      return `${someone(event.by)} separated one of the people merged into this lead's person.`;
    case 'source':
      if (!event.to) return `${someone(event.by)} took back the offline source ${event.from ?? ''}: it came online.`;
      return `${someone(event.by)} set the offline source to ${event.to}${event.from ? ` (was ${event.from})` : ''}.`;
  }
}

/** Who the lead went to on arrival and every change since, oldest first. */
export function LeadHistory({ history }: { history: LeadEvent[] }) {
  return (
    <section className="portal-card" aria-labelledby="lead-history">
      <h2 id="lead-history">History</h2>
      {history.length ? (
        <ol className="leads-notes">
          {history.map((event, i) => (
            <li key={i}>
              <p className="leads-note-meta">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              </p>
              <p className="leads-note-body">{describe(event)}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="leads-muted">Nothing has changed since it arrived.</p>
      )}
    </section>
  );
}
