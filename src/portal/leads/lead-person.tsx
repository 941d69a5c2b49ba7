import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../../lib/use-session';
import { formatDateTime } from '../../shared/india-time';
import { isAdmin } from '../../shared/roles';
import type { PersonPart, PersonRecord, RecordKind } from '../../shared/api/people';
import { QueryState } from '../../ui/portal-page';
import { useChangePerson, useLeadPerson } from './lead-queries';
import { personName, STATUS_LABELS } from './lead-labels';
import { SaveMessage, useSaveResult } from '../../ui/save-message';

const KIND_NAMES: Record<RecordKind, [one: string, many: string]> = {
  submission: ['other submission', 'other submissions'],
  registration: ['registration', 'registrations'],
  'job-application': ['job application', 'job applications'],
};

/** "2 other submissions, 1 job application", or null when the person sent nothing else. */
function seenBeforeText(counts: Record<RecordKind, number>): string | null {
  const parts = (Object.keys(KIND_NAMES) as RecordKind[])
    .filter((kind) => counts[kind] > 0)
    .map((kind) => `${counts[kind]} ${KIND_NAMES[kind][counts[kind] === 1 ? 0 : 1]}`);
  return parts.length ? parts.join(', ') : null;
}

const KIND_LABELS: Record<RecordKind, string> = {
  submission: 'Submission',
  registration: 'Registration',
  'job-application': 'Job application',
};

function RecordItem({ record }: { record: PersonRecord }) {
  const what = `${KIND_LABELS[record.kind]}: ${record.title}`;
  const title = record.current ? (
    <strong>{what} (this lead)</strong>
  ) : record.kind === 'job-application' && record.jobId ? (
    <Link to={`/jobs/${record.jobId}/candidates/${record.id}`}>{what}</Link>
  ) : record.open ? (
    <Link to={`?lead=${record.id}`}>{what}</Link>
  ) : (
    <span>{what}</span>
  );
  return (
    <li>
      <p className="leads-note-meta">
        <time dateTime={record.at}>{formatDateTime(record.at)}</time>
        {record.reference ? ` · ${record.reference}` : ''}
      </p>
      <p className="leads-note-body">
        {title}
        {record.status ? ` · ${STATUS_LABELS[record.status]}` : ''}
        {record.city ? ` · ${record.city}` : ''}
        {record.assignedTo ? ` · ${personName(record.assignedTo)}` : ''}
        {!record.open && !record.current ? <span className="leads-muted"> · worked by a colleague</span> : null}
      </p>
    </li>
  );
}

function PartLine({ part, onSeparate, busy }: { part: PersonPart; onSeparate?: () => void; busy: boolean }) {
  const known = [...part.phones, ...part.emails];
  return (
    <li>
      <span className="leads-value">{known.length ? known.join(' · ') : 'No phone number or e-mail'}</span>
      {part.merged ? (
        <span className="leads-muted">
          {' '}
          merged {formatDateTime(part.merged.at)}
          {part.merged.by ? ` by ${personName(part.merged.by)}` : ''}
        </span>
      ) : null}
      {onSeparate ? (
        <>
          {' '}
          <button type="button" className="button button-light" disabled={busy} onClick={onSeparate}>
            Separate
          </button>
        </>
      ) : null}
    </li>
  );
}

/** ADMIN: the reference of another lead whose sender is this person. */
function MergeForm({ leadId }: { leadId: string }) {
  const change = useChangePerson(leadId);
  const [reference, setReference] = useState('');
  const { result, save } = useSaveResult();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = reference.trim();
    if (!typed) return;
    if (await save(async () => (await change.mutateAsync({ merge: typed }), `Merged with the sender of ${typed.toUpperCase()}.`)))
      setReference('');
  }
  return (
    <form className="leads-merge" onSubmit={submit} noValidate>
      <label>
        Same person as the lead
        <input
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          placeholder="HF-2026-000123"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
        />
      </label>
      <button type="submit" className="button button-light" disabled={change.isPending || !reference.trim()}>
        Merge
      </button>
      <SaveMessage result={result} />
    </form>
  );
}

/**
 * Who sent the lead across every form: "Seen before" with the person's other submissions, registrations and job
 * applications, newest first; the phone numbers and e-mail addresses they are known by; and for ADMIN, merging with
 * the sender of another lead and separating a merged one again.
 */
export function LeadPerson({ leadId }: { leadId: string }) {
  const loaded = useLeadPerson(leadId);
  const admin = isAdmin(useSession().role);
  const change = useChangePerson(leadId);
  const { result, save } = useSaveResult();
  const person = loaded.data?.person;
  const seenBefore = person ? seenBeforeText(person.seenBefore) : null;
  return (
    <section className="portal-card" aria-labelledby="lead-person">
      <h3 id="lead-person">{seenBefore ? `Seen before: ${seenBefore}` : 'Seen before'}</h3>
      {!loaded.data ? (
        <QueryState query={loaded} />
      ) : !person ? (
        <p className="leads-muted">It has no phone number or e-mail address to know its sender by.</p>
      ) : (
        <>
          {seenBefore ? null : <p className="leads-muted">This is the first thing this person has sent.</p>}
          <h4>Known by</h4>
          <ul className="leads-person-parts">
            {person.parts.map((part) => (
              <PartLine
                key={part.id}
                part={part}
                busy={change.isPending}
                onSeparate={
                  admin && part.merged
                    ? () =>
                        void save(async () => (await change.mutateAsync({ separate: part.id }), 'Separated: they are two people again.'))
                    : undefined
                }
              />
            ))}
          </ul>
          <SaveMessage result={result} />
          {person.records.length > 1 ? (
            <>
              <h4>Everything they sent</h4>
              <ol className="leads-notes">
                {person.records.map((record) => (
                  <RecordItem key={record.id} record={record} />
                ))}
              </ol>
              {person.more ? <p className="leads-muted">Older ones are not listed.</p> : null}
            </>
          ) : null}
        </>
      )}
      {admin && loaded.data ? <MergeForm leadId={leadId} /> : null}
    </section>
  );
}
