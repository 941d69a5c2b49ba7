import type { PageProblem } from '../../shared/api/page-editor';
import { problemAtField } from '../../shared/problem-words';
import type { EditorWords } from '../../shared/change-place';
import { changesInWords } from './change-words';

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Why a document cannot be published, in one line: its first problem, where the editor names the field and as the
 * field says it ("Hero (section 1): Heading: Fill this in: the page needs it."), then how many more; null when none.
 */
export function whyUnpublishable(problems: PageProblem[], document: Record<string, unknown>, schemas?: EditorWords): string | null {
  const [first, ...more] = problems;
  if (!first) return null;
  // The field is named as a change to it would be, in the same document.
  const place = changesInWords([{ pointer: first.pointer }], document, document, schemas)[0]?.place ?? 'The page';
  const rest = more.length ? ` And ${more.length} more ${more.length === 1 ? 'problem' : 'problems'}.` : '';
  return `${place}: ${sentence(problemAtField(first.message))}${rest}`;
}
