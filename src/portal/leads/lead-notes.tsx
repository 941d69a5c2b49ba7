import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../shared/india-time';
import { useAddNote } from './lead-queries';
import type { Note } from '../../shared/api/leads';
import { personName } from './lead-labels';

const MAX_NOTE = 2000;

/** What the team has written about a lead, oldest first, and a box to add to it. */
export function LeadNotes({ leadId, notes }: { leadId: string; notes: Note[] }) {
  const [body, setBody] = useState('');
  const addNote = useAddNote(leadId);
  const busy = addNote.isPending;
  const [error, setError] = useState<string | null>(null);
  const countId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!body.trim()) return setError('Please write the note first.');
    setError(null);
    try {
      await addNote.mutateAsync(body);
      setBody('');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong.');
    }
  }

  return (
    <section className="portal-card">
      <h2>Notes</h2>
      {notes.length ? (
        <ol className="leads-notes">
          {notes.map((note) => (
            <li key={note.id}>
              <p className="leads-note-meta">
                <strong>{personName(note.author)}</strong> · <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
              </p>
              <p className="leads-note-body">{note.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="leads-muted">No notes yet. Record calls, emails and next steps here.</p>
      )}
      <form className="leads-note-form" onSubmit={submit} noValidate>
        <label>
          Note
          <textarea rows={3} value={body} maxLength={MAX_NOTE} aria-describedby={countId} onChange={(e) => setBody(e.target.value)} />
        </label>
        <span id={countId} className="leads-muted">
          {body.length}/{MAX_NOTE}
        </span>
        {error ? (
          <p className="leads-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? 'Adding…' : 'Add note'}
        </button>
      </form>
    </section>
  );
}
