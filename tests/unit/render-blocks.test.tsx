import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPages } from '../../src/server/content-checks/check-pages';
import { renderPage } from '../../src/entry-server';
import type { Block, PageDocument } from '../../src/shared/generated/page-document';
import { schemasDir } from '../../src/server/site/pages-on-disk';
import { sourcePages } from '../../src/server/site/source-pages';
import { pageFilesWithBlocks } from '../support/page-files';

// Every block type's schema carries a minimal valid block in `examples` (npm run new-block writes one), so a new block
// type is rendered here with no test of its own.
const examples = readdirSync(join(schemasDir, 'blocks'))
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => {
    const schema = JSON.parse(readFileSync(join(schemasDir, 'blocks', file), 'utf8')) as { examples?: Block[] };
    return { file, example: schema.examples?.[0] };
  });

const files = pageFilesWithBlocks('pages/franchise/surat.json');
const surat = files.find((f) => f.file === 'pages/franchise/surat.json')!;
const suratPage = sourcePages().page('/franchise/surat')!;

const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');

/** What a visitor reads first in the block: its heading, or its first slide's. */
const headingOf = (block: Block) => ('heading' in block ? block.heading : 'slides' in block ? block.slides[0]?.heading : undefined);

describe('every block type renders on the server from its schema example', () => {
  it.each(examples)('$file', async ({ file, example }) => {
    expect(example, `an "examples" entry in schemas/blocks/${file}`).toBeDefined();
    const block = example!;
    expect(`${block.type}.json`).toBe(file);

    // The example is a block a page may list: the pages' own check accepts it at the end of a real page.
    const document = JSON.parse(surat.text) as PageDocument;
    document.blocks.push(block);
    // In English alone: a page published in other languages too wants the example's words in each of them.
    delete document.locales;
    const withExample = { ...surat, text: JSON.stringify(document, null, 2) };
    expect(checkPages([...files.filter((f) => f !== surat), withExample])).toEqual([]);

    // Rendered as a page renders it, it adds markup to the page, its heading among it.
    const bare = await renderPage({ ...suratPage, blocks: [] });
    const { html } = await renderPage({ ...suratPage, blocks: [block] });
    expect(html.length).toBeGreaterThan(bare.html.length);
    const heading = headingOf(block);
    if (heading) expect(decode(html).includes(heading), `heading "${heading}"`).toBe(true);
    expect(html.includes('undefined'), '"undefined" in the HTML').toBe(false);
  });
});
