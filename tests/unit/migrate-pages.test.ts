import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from '../support/project-copy';
import { suratVersion1, suratVersion2 } from '../support/earlier-shapes';
import { currentPageVersion, migratePage } from '../../src/shared/page-migrations/migrate-page';

// npm run migrate-pages runs in a copy of the project, so the worktree is never touched.
const copied = ['package.json', 'tsconfig.json', 'schemas', 'src', 'scripts', 'pages'];
const SURAT = 'pages/franchise/surat.json';
let copy = '';
const run = (...args: string[]) => spawnSync('npm', ['run', '--silent', ...args], { cwd: copy, encoding: 'utf8' });

beforeAll(() => {
  copy = copyProject('migrate-pages-', copied);
});
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('npm run migrate-pages', () => {
  it('rewrites a page file of version 1 into the current shape, changing only what the steps change', () => {
    const version1 = suratVersion1;
    writeFileSync(join(copy, SURAT), version1);

    const before = run('migrate-pages', '--', '--check');
    expect(before.status).toBe(1);
    expect(before.stderr).toContain(`${SURAT} is of version 1 of the page shape; the code reads version ${currentPageVersion}`);
    const generated = run('generate', '--', '--check');
    expect(generated.status).toBe(1);
    expect(generated.stderr).toContain(`${SURAT} is of version 1`);
    expect(readFileSync(join(copy, SURAT), 'utf8')).toBe(version1);

    const migrated = run('migrate-pages');
    expect(migrated.status, migrated.stderr).toBe(0);
    expect(migrated.stdout).toContain(`${SURAT}: version 1 → ${currentPageVersion}, /city`);
    expect(migrated.stdout).toContain(`1 page file(s) rewritten to version ${currentPageVersion}`);
    // The page as the current shape has it, with the lines no step changed as they were written.
    const rewritten = readFileSync(join(copy, SURAT), 'utf8');
    // Surat's page of version 1 and of version 2, each brought to the current shape, are one page.
    expect(JSON.parse(rewritten)).toEqual(migratePage(JSON.parse(suratVersion2)));
    const untouched = (text: string) => text.slice(text.indexOf('  "meta": {'), text.indexOf('"type": "contact-cards"'));
    expect(untouched(rewritten)).toBe(untouched(version1));

    const after = run('migrate-pages', '--', '--check');
    expect(after.status, after.stderr).toBe(0);
    expect(after.stdout).toContain(`Every page file is of version ${currentPageVersion}.`);
  }, 120_000);
});
