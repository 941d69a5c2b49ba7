import type { EditablePage } from '../../shared/api/page-editor';
import { PageChanges } from './page-changes';
import { placeInWords, type EditorWords, type SectionsOf } from '../../shared/change-place';
import type { SaveConflict } from './use-page-draft';

/** Someone saved the page since it was opened: nothing was overwritten; theirs beside mine, to load or to save on top of. */
export function SaveConflictPanel({
  conflict,
  schemas,
  onTakeTheirs,
  onKeepMine,
}: {
  conflict: SaveConflict;
  /** The editor's schemas, which name each difference in words. */
  schemas: EditorWords;
  onTakeTheirs: (theirs: EditablePage) => void;
  onKeepMine: (theirs: EditablePage) => void;
}) {
  const { document, template } = conflict.theirs;
  const changes = conflict.changes.map((change) => ({
    ...change,
    place: placeInWords(change.pointer, document, schemas, template as SectionsOf | undefined),
  }));
  return (
    <section className="page-conflict" role="alert" aria-labelledby="page-conflict-title">
      <h2 id="page-conflict-title">Someone else saved this page</h2>
      <p>
        Revision {conflict.theirs.revisionId} was saved since you opened the page. Nothing was overwritten. What differs between yours and
        theirs:
      </p>
      <PageChanges changes={changes} before="Yours" after="Theirs" />
      <button type="button" className="button button-light" onClick={() => onTakeTheirs(conflict.theirs)}>
        Load their version
      </button>
      <button type="button" className="button button-light" onClick={() => onKeepMine(conflict.theirs)}>
        Keep mine (save again to put it on top of theirs)
      </button>
    </section>
  );
}
