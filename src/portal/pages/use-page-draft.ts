import { useCallback, useState } from 'react';
import type { EditablePage, PageProblem, PageTranslation } from '../../shared/api/page-editor';
import { pageChanges, type PageChange } from '../../shared/page-diff';
import { ApiError } from '../../lib/api-client';
import type { ActionNotice } from '../../ui/use-action-notice';
import { sameDocument, type PageDocument } from './editor-document';
import { fetchEditablePage, useCancelSchedule, usePublishPage, useRollbackPage, useSavePage } from './page-queries';
import { formatDateTime } from '../../shared/india-time';
import { useUndoable } from './use-undoable';

/** What a rollback answered, and to which revision. */
export type RollbackNotice = (NonNullable<ActionNotice> & { revisionId: number }) | null;

export interface SaveConflict {
  theirs: EditablePage;
  changes: PageChange[];
}

/**
 * One page's draft: the document with undo and redo, the revision it was edited from (its base), the server's problems,
 * and saving, publishing and rolling back. A save names its base: if someone saved since, nothing is overwritten and
 * `conflict` holds their version and what differs.
 */
export function usePageDraft(page: EditablePage) {
  const { route } = page;
  const doc = useUndoable<PageDocument>(page.document);
  const [base, setBase] = useState({ revisionId: page.revisionId, document: page.document });
  const [problems, setProblems] = useState<PageProblem[]>(page.problems);
  const [translations, setTranslations] = useState<PageTranslation[]>(page.translations);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const [notice, setNotice] = useState<ActionNotice>(null);
  // A rollback answers beside the revision it rolled back to, in the history, where it was asked for.
  const [rollbackNotice, setRollbackNotice] = useState<RollbackNotice>(null);
  const save = useSavePage(route);
  const publish = usePublishPage(route);
  const rollback = useRollbackPage(route);
  const cancel = useCancelSchedule(route);
  const document = doc.value;
  const dirty = !sameDocument(document, base.document);
  // Stable, for the preview's effect: the problems and missing translations it brings replace the known ones.
  const onChecked = useCallback((checked: { problems: PageProblem[]; translations: PageTranslation[] }) => {
    setProblems(checked.problems);
    setTranslations(checked.translations);
  }, []);

  /**
   * Runs a call to the server and says how it went (in `say`, the page's notice by default): a conflict shows both
   * versions, refused fields their problems.
   */
  async function run<T>(action: () => Promise<T>, done: (result: T) => string, say: (notice: ActionNotice) => void = setNotice) {
    say(null);
    try {
      const result = await action();
      say({ tone: 'ok', text: done(result) });
      return result;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const theirs = await fetchEditablePage(route);
        setConflict({ theirs, changes: pageChanges(document, theirs.document) });
      } else if (error instanceof ApiError && error.fieldErrors.some((e) => e.field.startsWith('/'))) {
        setProblems(error.fieldErrors.map((e) => ({ pointer: e.field, message: e.message })));
      }
      say({ tone: 'error', text: error instanceof ApiError ? error.message : 'Something went wrong.' });
      return undefined;
    }
  }

  /** Saves the document as a revision on top of the one it was edited from; the saved page becomes the new base. */
  const saveNow = async () => {
    const reply = await run(
      () => save.mutateAsync({ document, baseRevisionId: base.revisionId }),
      (saved) => `Saved as revision ${saved.page.revisionId}. Visitors still see the published version.`,
    );
    if (reply) setBase({ revisionId: reply.page.revisionId, document: reply.page.document });
    return reply?.page;
  };

  /**
   * Publishes the draft, saved first if it has changes, now or at `publishAt`: a datetime-local value, read as India's
   * time whatever the computer's clock is set to (empty: now).
   */
  const publishNow = async (publishAt: string) => {
    const saved = dirty || base.revisionId === null ? await saveNow() : { revisionId: base.revisionId };
    if (!saved?.revisionId) return;
    const at = publishAt ? new Date(`${publishAt}:00+05:30`).toISOString() : undefined;
    await run(
      () => publish.mutateAsync({ revisionId: saved.revisionId as number, at }),
      () => (at ? `Scheduled for ${formatDateTime(at)}, India time.` : `Published: ${route} shows this version now.`),
    );
  };

  const rollBack = async (revisionId: number) => {
    setNotice(null);
    const reply = await run(
      () => rollback.mutateAsync({ revisionId }),
      () => `Rolled back to revision ${revisionId}; the site shows it now.`,
      (said) => setRollbackNotice(said && { ...said, revisionId }),
    );
    if (reply) {
      setBase({ revisionId: reply.page.revisionId, document: reply.page.document });
      doc.reset(reply.page.document);
    }
  };

  /** Takes back the page's schedule: nothing is published then, and the draft stays. */
  const cancelSchedule = () =>
    run(
      () => cancel.mutateAsync({}),
      () => 'Schedule cancelled: visitors keep seeing the published version.',
    );

  const takeTheirs = (theirs: EditablePage) => {
    setBase({ revisionId: theirs.revisionId, document: theirs.document });
    doc.set(theirs.document);
    setConflict(null);
  };
  const keepMine = (theirs: EditablePage) => {
    // Mine goes on top of theirs: a new revision, theirs stays in the history.
    setBase({ revisionId: theirs.revisionId, document: theirs.document });
    setConflict(null);
  };

  return {
    doc,
    document,
    /** The revision the draft was edited from; null while nothing is saved here. */
    baseRevisionId: base.revisionId,
    dirty,
    busy: save.isPending || publish.isPending || rollback.isPending || cancel.isPending,
    problems,
    translations,
    onChecked,
    conflict,
    notice,
    saveNow,
    publishNow,
    rollBack,
    rollbackNotice,
    cancelSchedule,
    takeTheirs,
    keepMine,
  };
}
