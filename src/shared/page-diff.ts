import { pointerSegment } from './json-pointer.ts';

/** One difference between two versions of a page document: where (a JSON pointer) and the values on either side. */
export interface PageChange {
  pointer: string;
  /** Absent where the value was added. */
  before?: unknown;
  /** Absent where the value was removed. */
  after?: unknown;
  /** Where, in the page editor's words (Hero: the second button, Section to scroll to), where the server named it. */
  place?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What changed from `before` to `after`, down to the texts: objects and lists are compared member by member, so a
 * changed heading is one change at its own pointer. A list that grew or shrank reports the items added or removed at
 * its end (a block moved shows as the blocks it displaced, which is what a reviewer reads anyway).
 */
export function pageChanges(before: unknown, after: unknown, pointer = ''): PageChange[] {
  if (Object.is(before, after)) return [];
  if (Array.isArray(before) && Array.isArray(after)) {
    const changes: PageChange[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      if (i >= after.length) changes.push({ pointer: `${pointer}/${i}`, before: before[i] });
      else if (i >= before.length) changes.push({ pointer: `${pointer}/${i}`, after: after[i] });
      else changes.push(...pageChanges(before[i], after[i], `${pointer}/${i}`));
    }
    return changes;
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => {
      const at = pointer + pointerSegment(key);
      if (!(key in after)) return [{ pointer: at, before: before[key] }];
      if (!(key in before)) return [{ pointer: at, after: after[key] }];
      return pageChanges(before[key], after[key], at);
    });
  }
  return [{ pointer: pointer || '/', before, after }];
}

/** A revision's summary in words: the fields it changed, the first few named ("Hero (section 1): Heading changed, …"). */
export function describeChanges(changes: PageChange[], named = 4): string {
  if (!changes.length) return 'no changes';
  const words = changes.slice(0, named).map((c) => {
    const where = c.place ?? (c.pointer.slice(1) || 'the page');
    if (!('before' in c)) return `${where} added`;
    if (!('after' in c)) return `${where} removed`;
    return `${where} changed`;
  });
  const more = changes.length - named;
  return more > 0 ? `${words.join(', ')} and ${more} more` : words.join(', ');
}
