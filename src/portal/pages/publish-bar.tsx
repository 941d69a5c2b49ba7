import { useState } from 'react';
import { formatDateTime } from '../../shared/india-time';
import type { EditablePage } from '../../shared/api/page-editor';

interface PublishBarProps {
  page: EditablePage;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  /** Whether there is anything to save. */
  dirty: boolean;
  /** A save, publish or rollback is under way. */
  busy: boolean;
  onSave: () => void;
  /** Publishes now, or at `publishAt` (a datetime-local value, India's time) when one is given. */
  onPublish: (publishAt: string) => void;
}

/** The page's actions: undo and redo, save the draft, publish now or at a time (Publish becomes Schedule), the draft's link. */
export function PublishBar({ page, canUndo, canRedo, onUndo, onRedo, dirty, busy, onSave, onPublish }: PublishBarProps) {
  const [publishAt, setPublishAt] = useState('');
  let scheduledFor: Date | undefined = publishAt ? new Date(`${publishAt}:00+05:30`) : undefined;
  if (scheduledFor && Number.isNaN(scheduledFor.getTime())) scheduledFor = undefined;
  return (
    <div className="page-editor-toolbar" role="toolbar" aria-label="Page actions">
      <button type="button" className="button button-light" onClick={onUndo} disabled={!canUndo}>
        Undo
      </button>
      <button type="button" className="button button-light" onClick={onRedo} disabled={!canRedo}>
        Redo
      </button>
      {/* Not disabled while busy: a disabled button loses the keyboard's focus, and the user would start again at the top. */}
      <button type="button" className="button button-secondary" onClick={() => dirty && !busy && onSave()} aria-disabled={busy || !dirty}>
        Save draft
      </button>
      <label className="page-editor-when">
        Publish at, India time (empty: now)
        <input type="datetime-local" value={publishAt} onChange={(event) => setPublishAt(event.target.value)} />
      </label>
      <button type="button" className="button button-primary" onClick={() => !busy && onPublish(publishAt)} aria-disabled={busy}>
        {publishAt ? 'Schedule' : 'Publish'}
      </button>
      {/* The browser shows the field in its own locale's order; this says the time as every other date here is said. */}
      {scheduledFor ? <p className="page-editor-when-said">Publishes on {formatDateTime(scheduledFor)}, India time</p> : null}
      {page.previewPath ? (
        <a href={page.previewPath} target="_blank" rel="noopener">
          Draft preview link
        </a>
      ) : null}
    </div>
  );
}
