import { useState } from 'react';
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
  return (
    <div className="page-editor-toolbar" role="toolbar" aria-label="Page actions">
      <button type="button" className="button button-light" onClick={onUndo} disabled={!canUndo}>
        Undo
      </button>
      <button type="button" className="button button-light" onClick={onRedo} disabled={!canRedo}>
        Redo
      </button>
      <button type="button" className="button button-secondary" onClick={onSave} disabled={busy || !dirty}>
        Save draft
      </button>
      <label className="page-editor-when">
        Publish at, India time (empty: now)
        <input type="datetime-local" value={publishAt} onChange={(event) => setPublishAt(event.target.value)} />
      </label>
      <button type="button" className="button button-primary" onClick={() => onPublish(publishAt)} disabled={busy}>
        {publishAt ? 'Schedule' : 'Publish'}
      </button>
      {page.previewPath ? (
        <a href={page.previewPath} target="_blank" rel="noopener">
          Draft preview link
        </a>
      ) : null}
    </div>
  );
}
