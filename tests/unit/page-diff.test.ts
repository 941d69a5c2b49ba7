import { describe, expect, it } from 'vitest';
import { describeChanges, pageChanges } from '../../src/shared/page-diff';

describe('what changed between two versions of a page', () => {
  const before = { route: '/x', meta: { title: 'A' }, blocks: [{ type: 'hero', heading: 'Old' }, { type: 'faq' }] };

  it('names each changed text at its own pointer, and blocks added or removed at the end', () => {
    const after = { route: '/x', meta: { title: 'A' }, blocks: [{ type: 'hero', heading: 'New' }] };
    expect(pageChanges(before, after)).toEqual([
      { pointer: '/blocks/0/heading', before: 'Old', after: 'New' },
      { pointer: '/blocks/1', before: { type: 'faq' } },
    ]);
    expect(describeChanges(pageChanges(before, after))).toBe('blocks/0/heading changed, blocks/1 removed');
    expect(pageChanges(before, structuredClone(before))).toEqual([]);
    expect(describeChanges([])).toBe('no changes');
  });
});
