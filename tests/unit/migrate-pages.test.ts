import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../src/server/site/pages-on-disk';
import { copyProject } from '../support/project-copy';

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
    const current = readFileSync(join(root, SURAT), 'utf8');
    const version1 = current.replace('"version": 2,', '"version": 1,').replace('"city": { "name": "Surat" },', '"city": "Surat",');
    expect(version1).not.toBe(current);
    writeFileSync(join(copy, SURAT), version1);

    const before = run('migrate-pages', '--', '--check');
    expect(before.status).toBe(1);
    expect(before.stderr).toContain(`${SURAT} is of version 1 of the page shape; the code reads version 2`);
    const generated = run('generate', '--', '--check');
    expect(generated.status).toBe(1);
    expect(generated.stderr).toContain(`${SURAT} is of version 1`);
    expect(readFileSync(join(copy, SURAT), 'utf8')).toBe(version1);

    const migrated = run('migrate-pages');
    expect(migrated.status, migrated.stderr).toBe(0);
    expect(migrated.stdout).toContain(`${SURAT}: version 1 → 2, /city`);
    expect(migrated.stdout).toContain('1 page file(s) rewritten to version 2');
    // The file as it was written before the change of shape, with only the lines the step changed.
    expect(readFileSync(join(copy, SURAT), 'utf8')).toBe(current);

    const after = run('migrate-pages', '--', '--check');
    expect(after.status, after.stderr).toBe(0);
    expect(after.stdout).toContain('Every page file is of version 2.');
  }, 120_000);
});
