import type { EditablePage, EditorSchemas } from '../../shared/api/page-editor';
import { Notice } from '../../ui/notice';
import { formatDateTime } from '../../shared/india-time';
import { pageWideProblems } from './editor-document';
import { PageBlocks } from './page-blocks';
import { CityFactsEditor } from './city-facts-editor';
import { isCityFacts } from '../../shared/city-template';
import type { CityTemplate } from '../../shared/generated/city-template';
import { PageHistory } from './page-history';
import { PageImageList } from './page-image-list';
import { PageMoves } from './page-moves';
import { PagePreview } from './page-preview';
import { PublishBar } from './publish-bar';
import { SaveConflictPanel } from './save-conflict';
import { usePageDraft } from './use-page-draft';
import { useUndoKeys } from './use-undo-keys';
import { useAnnouncer } from './use-editor-focus';
import { useEffect, useMemo, useState } from 'react';
import { PageTranslations } from './page-translations';
import { OpenedWordsContext, PageLocalesContext, openedTranslations } from './localized-text-field';
import { isLocale } from '../../shared/locales';

/**
 * Edits one page: its meta tags and blocks in forms made from the schemas (a city page: its facts and its wording of
 * its template's sections), blocks added, moved, copied and removed,
 * undo and redo, a live preview, the server's problems at their fields, then save, publish (now or at a time) and
 * roll back. A save names the revision it was edited from: if someone saved since, nothing is overwritten and both
 * versions are shown.
 */
/** Where a problem of the page itself (not of a section or a fact) is, in words. */
const pagePlace = (pointer: string) => (pointer.startsWith('/route') ? 'Web address' : pointer.startsWith('/template') ? 'The layout' : 'The page');

export function PageEditor({ page, schemas }: { page: EditablePage; schemas: EditorSchemas }) {
  const draft = usePageDraft(page);
  const { doc, document, problems } = draft;
  useUndoKeys(doc.undo, doc.redo);
  const pageProblems = pageWideProblems(problems);
  // The languages the page lists besides English: each text offers a box for each.
  const listed = (document as { locales?: unknown }).locales;
  const locales = useMemo(() => (Array.isArray(listed) ? listed.filter(isLocale) : []), [listed]);
  // The translations as this page was opened, to mark one whose English changed since.
  const [openedWords] = useState(() => openedTranslations(page.document));
  const { message, announce } = useAnnouncer();
  // What saving, publishing or a schedule did is said in the same place as what an action on the sections did: one
  // live region always on the screen, so a screen reader reads each (the keyboard user stays on the button). A
  // refusal is an alert of its own.
  const { notice } = draft;
  useEffect(() => {
    if (notice) announce(notice.tone === 'ok' ? notice.text : '');
  }, [notice, announce]);

  return (
    <PageLocalesContext.Provider value={locales}>
    <OpenedWordsContext.Provider value={openedWords}>
    <div className="page-editor">
      <PageImageList />
      <PublishBar
        page={page}
        canUndo={doc.canUndo}
        canRedo={doc.canRedo}
        onUndo={doc.undo}
        onRedo={doc.redo}
        dirty={draft.dirty}
        busy={draft.busy}
        onSave={() => void draft.saveNow()}
        onPublish={(publishAt) => void draft.publishNow(publishAt)}
      />
      <p className="page-editor-status" role="status">
        {page.status === 'file' && draft.baseRevisionId === null ? 'Served from its file; nothing saved here yet. ' : null}
        {page.scheduledAt ? `Scheduled for ${formatDateTime(page.scheduledAt)}, India time. ` : null}
        {draft.dirty ? 'Unsaved changes.' : ''}
      </p>
      {page.scheduledAt ? (
        <button type="button" className="button button-light" disabled={draft.busy} onClick={() => void draft.cancelSchedule()}>
          Cancel the schedule
        </button>
      ) : null}
      {notice?.tone === 'error' ? <Notice notice={notice} /> : null}
      <p className={message ? 'admin-notice page-editor-said' : 'visually-hidden page-editor-said'} role="status">
        {message}
      </p>
      {draft.conflict ? <SaveConflictPanel conflict={draft.conflict} schemas={schemas} onTakeTheirs={draft.takeTheirs} onKeepMine={draft.keepMine} /> : null}
      {pageProblems.length ? (
        <ul className="page-problems" aria-label="Problems of the page">
          {pageProblems.map((p) => (
            <li key={`${p.pointer}:${p.message}`}>
              {pagePlace(p.pointer)}: {p.message}
            </li>
          ))}
        </ul>
      ) : null}
      <PageTranslations
        translations={draft.translations}
        document={document}
        schemas={schemas}
        template={page.template as unknown as CityTemplate | undefined}
      />
      <div className="page-editor-columns">
        {isCityFacts(document) && page.template ? (
          <CityFactsEditor
            facts={document}
            template={page.template as unknown as CityTemplate}
            schemas={schemas}
            problems={problems}
            onChange={doc.set}
            announce={announce}
          />
        ) : (
          <PageBlocks document={document} schemas={schemas} problems={problems} onChange={doc.set} announce={announce} />
        )}
        <PagePreview document={document} onChecked={draft.onChecked} />
      </div>
      <PageHistory route={page.route} onRollback={(id) => void draft.rollBack(id)} busy={draft.busy} notice={draft.rollbackNotice} />
      <PageMoves page={page} />
    </div>
    </OpenedWordsContext.Provider>
    </PageLocalesContext.Provider>
  );
}
