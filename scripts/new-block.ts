// Scaffolds a block type: npm run new-block -- testimonials
// Writes its schema (and lists it in schemas/page.json), its component, its styles, its registry entry and a test
// that renders it on the server, then regenerates the types. Fill in the schema's fields and the markup from there.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fail } from './lib/cli';
import { root, schemasDir } from '../src/server/site/pages-on-disk';

const type = process.argv[2];
if (!type || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(type)) {
  fail('Usage: npm run new-block -- <type>, the type in lower case with hyphens, such as testimonials or award-list');
}
const name = `${type.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase())}Block`;
const at = (...path: string[]) => join(root, ...path);
const files = {
  schema: at('schemas/blocks', `${type}.json`),
  component: at('src/blocks', type, `${type}-block.tsx`),
  styles: at('src/styles/blocks', `${type}.css`),
  test: at('tests/unit', `${type}-block.test.tsx`),
};
for (const file of Object.values(files))
  if (existsSync(file)) fail(`${relative(root, file)} exists already: block type "${type}" is taken.`);

const write = (file: string, text: string) => {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  console.log(`wrote   ${relative(root, file)}`);
};
const edit = (file: string, change: (text: string) => string) => {
  writeFileSync(file, change(readFileSync(file, 'utf8')));
  console.log(`edited  ${relative(root, file)}`);
};

write(
  files.schema,
  `${JSON.stringify(
    {
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: name,
      description: `The ${type.replace(/-/g, ' ')} block: say here what it shows, for the people who write pages.`,
      type: 'object',
      additionalProperties: false,
      required: ['type', 'heading'],
      properties: {
        type: { const: type },
        id: { $ref: '../common.json#/definitions/anchorId' },
        heading: { $ref: '../common.json#/definitions/text' },
      },
    },
    null,
    2,
  )}\n`,
);

// The page schema lists every block type in its oneOf, in the order of their files.
edit(join(schemasDir, 'page.json'), (text) => {
  const page = JSON.parse(text);
  const oneOf = page.properties.blocks.items.oneOf as { $ref: string }[];
  oneOf.push({ $ref: `blocks/${type}.json` });
  oneOf.sort((a, b) => (a.$ref < b.$ref ? -1 : 1));
  return `${JSON.stringify(page, null, 2)}\n`;
});

write(
  files.component,
  `import type { ${name} as ${name}Props } from '../../shared/generated/page-document';
import { Section } from '../shared/section';

/** Renders on the server and in the browser alike: anything that needs the browser belongs in an effect. */
export function ${name}({ id, heading }: ${name}Props) {
  return (
    <Section id={id} className="${type}" heading={heading}>
      <p>Replace this with the block's content.</p>
    </Section>
  );
}
`,
);

write(files.styles, `/* The ${type} block (src/blocks/${type}); the section frame comes from blocks.css. */\n.${type} {\n}\n`);
edit(at('src/styles/site.css'), (text) =>
  text.replace("@import './blocks.css';\n", `@import './blocks.css';\n@import './blocks/${type}.css';\n`),
);

// The registry: one import and one entry, each kept in order.
edit(at('src/blocks/registry.ts'), (text) => {
  const lines = text.split('\n');
  const isBlockImport = (line: string) => /^import \{ \w+ \} from '\.\/[^']+';$/.test(line);
  const imports = [...lines.filter(isBlockImport), `import { ${name} } from './${type}/${type}-block';`];
  imports.sort((a, b) => (a.split("'")[1]! < b.split("'")[1]! ? -1 : 1));
  const start = lines.findIndex((line) => line.startsWith('export const blockComponents'));
  const end = lines.indexOf('};', start);
  const entries = [...lines.slice(start + 1, end), `  ${type.includes('-') ? `'${type}'` : type}: ${name},`];
  const key = (entry: string) => entry.trim().replace(/'/g, '');
  entries.sort((a, b) => (key(a) < key(b) ? -1 : 1));
  const firstImport = lines.findIndex(isBlockImport);
  return [
    ...lines.slice(0, firstImport),
    ...imports,
    ...lines.slice(firstImport, start + 1).filter((line) => !isBlockImport(line)),
    ...entries,
    ...lines.slice(end),
  ].join('\n');
});

write(
  files.test,
  `import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ${name} } from '../../src/blocks/${type}/${type}-block';

describe('the ${type} block', () => {
  it('renders on the server with its heading', () => {
    const html = renderToString(<${name} type="${type}" heading="A heading" />);
    expect(html).toContain('<h2>A heading</h2>');
  });
});
`,
);

execFileSync(
  'npx',
  ['prettier', '--log-level', 'warn', '--write', ...Object.values(files), at('src/blocks/registry.ts'), join(schemasDir, 'page.json')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
execFileSync('npm', ['run', '--silent', 'generate'], { cwd: root, stdio: 'inherit' });
console.log(`\nBlock type "${type}" is ready: add its fields to ${relative(root, files.schema)}, run npm run generate, and use
{ "type": "${type}", "heading": "…" } in a page.`);
