import type { PageChange } from '../../shared/page-diff';
import { placeInWords, type EditorWords } from '../../shared/change-place';
import { isCityFacts } from '../../shared/city-template';
import { readCityTemplate } from '../site/pages-on-disk';
import { editorSchemas } from './page-checks';

/** A city page's template, which names the sections its facts word; none for another page, or one naming no template. */
function templateOf(document: unknown) {
  if (!isCityFacts(document)) return undefined;
  try {
    return readCityTemplate(document.template);
  } catch {
    return undefined; // a template there is not: the page's problems say so
  }
}

/**
 * Changes with the place of each in words, found in the document after them (or before, for what was removed).
 * `schemas`: the editor's, read once for a request that words many changes (the history).
 */
export function changesInWords(
  changes: PageChange[],
  before: unknown,
  after: unknown,
  schemas: EditorWords = editorSchemas(),
): PageChange[] {
  const [beforeTemplate, afterTemplate] = [templateOf(before), templateOf(after)];
  return changes.map((change) => {
    const [document, template] = 'after' in change ? [after, afterTemplate] : [before, beforeTemplate];
    return { ...change, place: placeInWords(change.pointer, document, schemas, template) };
  });
}
