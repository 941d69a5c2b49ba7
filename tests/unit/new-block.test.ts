import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from '../support/project-copy';

// npm run new-block runs in a copy of what it reads and writes, committed to a repository of its own, so what it
// changes shows in git status and the worktree is never touched.
const copied = ['package.json', 'tsconfig.json', '.prettierrc.json', '.prettierignore', 'schemas', 'src', 'scripts', 'pages'];
/** What npm run generate writes: the scaffold runs it, and these files are not written by hand. */
const generated = ['schemas/page.json', 'src/styles/block-styles.css', 'src/blocks/island-blocks.ts', 'src/islands/block-islands.ts'];
const isGenerated = (file: string) => generated.includes(file) || file.startsWith('src/shared/generated/');

/** The four files written by hand for a block type named testimonials, island or not. */
const written = [
  'schemas/blocks/testimonials.json',
  'src/blocks/registry.ts',
  'src/blocks/testimonials/testimonials-block.tsx',
  'src/blocks/testimonials/testimonials.css',
];

let copy = '';
const run = (command: string, args: string[]) =>
  execFileSync(command, args, { cwd: copy, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const git = (...args: string[]) => run('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', ...args]);
const changedFiles = () =>
  git('status', '--porcelain', '--untracked-files=all')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));

beforeAll(() => {
  copy = copyProject('new-block-', copied);
  git('init', '--quiet');
  writeFileSync(join(copy, '.git/info/exclude'), 'node_modules\n');
  git('add', '--all');
  git('commit', '--quiet', '--message', 'before the scaffold');
}, 60_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** Loads the copy's modules as the server renders them, through a Vite server of the copy's own. */
async function ssrLoadFromCopy(check: (load: (path: string) => Promise<Record<string, unknown>>) => Promise<void>) {
  const vite = await createServer({
    root: copy,
    configFile: false,
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    await check((path) => vite.ssrLoadModule(path));
  } finally {
    await vite.close();
  }
}

describe('npm run new-block', () => {
  it('adds a block type in four hand-written files, regenerates the rest, and the block renders on the server', async () => {
    expect(changedFiles()).toEqual([]);
    run('npm', ['run', '--silent', 'new-block', '--', 'testimonials']);

    const changed = changedFiles();
    expect(changed.filter((file) => !isGenerated(file)).sort()).toEqual(written);
    // The page schema lists it, the page stylesheet takes its styles and the types know it, all generated afresh.
    expect(changed.filter(isGenerated).sort()).toEqual([
      'schemas/page.json',
      'src/shared/generated/page-document.ts',
      'src/styles/block-styles.css',
    ]);
    expect(run('npm', ['run', '--silent', 'generate', '--', '--check'])).toContain('up to date');

    // Its schema's example, rendered by the component the copy's registry gives its type, as the server renders it.
    await ssrLoadFromCopy(async (load) => {
      const { blockComponents } = (await load('/src/blocks/registry.ts')) as {
        blockComponents: Record<string, ComponentType<object>>;
      };
      const schema = JSON.parse(readFileSync(join(copy, 'schemas/blocks/testimonials.json'), 'utf8')) as { examples: object[] };
      const html = renderToString(createElement(blockComponents.testimonials!, schema.examples[0]));
      expect(html).toContain('class="block testimonials"');
      expect(html).toContain('<h2>A testimonials heading</h2>');
    });
  }, 180_000);

  it('makes an island block in the same four files: the generated lists give its schedule and load its code', async () => {
    git('checkout', '--quiet', '--', '.');
    git('clean', '--quiet', '-d', '--force');
    run('npm', ['run', '--silent', 'new-block', '--', 'testimonials', '--island', 'visible']);

    const changed = changedFiles();
    expect(changed.filter((file) => !isGenerated(file)).sort()).toEqual(written);
    expect(changed.filter(isGenerated).sort()).toEqual([
      'schemas/page.json',
      'src/blocks/island-blocks.ts',
      'src/islands/block-islands.ts',
      'src/shared/generated/page-document.ts',
      'src/styles/block-styles.css',
    ]);
    expect(readFileSync(join(copy, 'src/islands/block-islands.ts'), 'utf8')).toContain(
      "testimonials: () => import('../blocks/testimonials/testimonials-block').then((module) => module.TestimonialsBlock),",
    );
    expect(run('npm', ['run', '--silent', 'generate', '--', '--check'])).toContain('up to date');

    await ssrLoadFromCopy(async (load) => {
      const { islandBlocks } = (await load('/src/blocks/island-blocks.ts')) as { islandBlocks: Record<string, unknown> };
      expect(islandBlocks.testimonials).toEqual({ when: 'visible' });
    });
  }, 180_000);
});
