import type { PageChange } from '../../shared/page-diff';
import { placeInWords } from '../../shared/change-place';
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

/** Changes with the place of each in words, found in the document after them (or before, for what was removed). */
export function changesInWords(changes: PageChange[], before: unknown, after: unknown): PageChange[] {
  const schemas = editorSchemas();
  return changes.map((change) => {
    const document = 'after' in change ? after : before;
    return { ...change, place: placeInWords(change.pointer, document, schemas, templateOf(document)) };
  });
}
