// Scaffolds a block type: npm run new-block -- testimonials
// A block with behaviour in the browser is an island: npm run new-block -- testimonials --island visible (or idle).
// Writes its schema (with the example block that tests/unit/render-blocks.test.tsx renders), its component, its styles
// and its registry entry, then runs npm run generate, which lists the schema in schemas/page.json and the styles in the
// page stylesheet and writes the types. Fill in the schema's fields, its example and the markup from there.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fail } from './lib/cli';
import { blockComponentName } from '../src/blocks/block-component-name';
import { root } from '../src/server/site/pages-on-disk';

const [type, option, when] = process.argv.slice(2);
if (
  !type ||
  !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(type) ||
  (option && (option !== '--island' || !['visible', 'idle'].includes(when ?? '')))
) {
  fail(
    'Usage: npm run new-block -- <type> [--island visible|idle], the type in lower case with hyphens, such as testimonials or\n' +
      'award-list; --island for a block with behaviour in the browser, hydrated once in view (visible) or once the browser is idle.',
  );
}
const name = blockComponentName(type);
const at = (...path: string[]) => join(root, ...path);
const files = {
  schema: at('schemas/blocks', `${type}.json`),
  component: at('src/blocks', type, `${type}-block.tsx`),
  styles: at('src/blocks', type, `${type}.css`),
};
const registry = at('src/blocks/registry.ts');
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
      // What the page editor calls it, and each field: words for the people who write pages.
      label: type.replace(/-/g, ' ').replace(/^./, (letter) => letter.toUpperCase()),
      description: `The ${type.replace(/-/g, ' ')} block: say here what it shows, for the people who write pages.`,
      type: 'object',
      additionalProperties: false,
      required: ['type', 'heading'],
      properties: {
        type: { label: 'Kind of section', const: type },
        id: { label: 'Anchor', $ref: '../common.json#/definitions/anchorId' },
        heading: { label: 'Heading', $ref: '../common.json#/definitions/text' },
      },
      examples: [{ type, heading: `A ${type.replace(/-/g, ' ')} heading` }],
    },
    null,
    2,
  )}\n`,
);

// An island's schedule is found by npm run generate, which lists the block for the island loader.
const island = when
  ? `\n/** An island: say here what it does in the browser, and why it hydrates ${when === 'visible' ? 'once in view' : 'once the browser is idle'}. */
export const island: IslandSchedule = { when: '${when}' };
`
  : '';
write(
  files.component,
  `import type { ${name} as ${name}Props } from '../../shared/generated/page-document';
${when ? "import type { IslandSchedule } from '../../ui/island';\n" : ''}import { Section } from '../shared/section';
${island}
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

write(
  files.styles,
  `/* The ${type} block (src/blocks/${type}); the section frame and what several blocks share come from src/styles/blocks.css. */\n.${type} {\n}\n`,
);

// The registry: one import and one entry, each kept in order.
edit(registry, (text) => {
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

execFileSync('npx', ['prettier', '--log-level', 'warn', '--write', files.component, files.styles, registry], {
  cwd: root,
  stdio: 'inherit',
});
execFileSync('npm', ['run', '--silent', 'generate'], { cwd: root, stdio: 'inherit' });
console.log(`\nBlock type "${type}" is ready: add its fields and fill its example in ${relative(root, files.schema)}, style it in
${relative(root, files.styles)}, run npm run generate, and use { "type": "${type}", "heading": "…" } in a page.`);
