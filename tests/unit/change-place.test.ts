import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { placeInWords as placeIn } from '../../src/shared/change-place';
import { editorSchemas } from '../../src/server/page-editor/page-checks';
import { readPageDocument, root } from '../../src/server/site/pages-on-disk';
import { describeChanges, pageChanges } from '../../src/shared/page-diff';

const surat = readPageDocument(join(root, 'pages/franchise/surat.json'));
const placeInWords = (pointer: string, document: unknown) => placeIn(pointer, document, editorSchemas());

describe('a change in the history, in the words of the people who write pages', () => {
  it('names the section, the item and the field where a change is, never its pointer', () => {
    expect(placeInWords('/blocks/0/buttons/1/action/scrollTo', surat)).toBe(
      'Hero (section 1): the second button, What it does, Section to scroll to',
    );
    expect(placeInWords('/blocks/0/heading', surat)).toBe('Hero (section 1): Heading');
    expect(placeInWords('/meta/keywords', surat)).toBe('Meta tags: Keywords');
    expect(placeInWords('/city/phone', surat)).toBe('City facts: Office phone');
    expect(placeInWords('/city/office/postalCode', surat)).toBe('City facts: Office address, PIN code');
    expect(placeInWords('/blocks/9', surat)).toBe('Questions and answers (section 10)');
  });

  it('sums a revision up from those words', () => {
    const after = structuredClone(surat) as { blocks: { heading?: string }[] };
    after.blocks[0]!.heading = 'Surat hires faster';
    const changes = pageChanges(surat, after).map((c) => ({ ...c, place: placeInWords(c.pointer, after) }));
    expect(describeChanges(changes)).toBe('Hero (section 1): Heading changed');
  });
});
