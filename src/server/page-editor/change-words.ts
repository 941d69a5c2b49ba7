import type { PageChange } from '../../shared/page-diff';
import { placeInWords } from '../../shared/change-place';
import { editorSchemas } from './page-checks';

/** Changes with the place of each in words, found in the document after them (or before, for what was removed). */
export function changesInWords(changes: PageChange[], before: unknown, after: unknown): PageChange[] {
  const schemas = editorSchemas();
  return changes.map((change) => ({ ...change, place: placeInWords(change.pointer, 'after' in change ? after : before, schemas) }));
}
