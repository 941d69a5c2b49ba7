import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { publish, saveRevision } from '../../src/server/page-editor/store';
import { newCityPage } from '../support/page-files';
import { copyProject } from '../support/project-copy';

/** Pages published at routes no page may have (as they could be before such routes were refused), and one that may. */
const REFUSED = [
  '/site',
  '/forms/consultation',
  '/forms/contact',
  '/home',
  '/api',
  '/images',
  '/healthz',
  '/readyz',
  '/unsubscribe',
  '/your-data/confirm',
  '/login',
];
const ALLOWED = '/franchise/pune';
/** Files other pages' routes would have named, which must stay as they are. */
const KEPT = ['pages/site.json', 'pages/forms/consultation.json', 'pages/forms/contact.json', 'pages/home.json'];

const kinds = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])] as const;

describe.each(kinds)('npm run pages:pull on %s', (kind) => {
  const work = copyProject('hireframe-pull-', ['pages', 'schemas', 'src', 'public', 'scripts', 'package.json', 'tsconfig.json']);
  const dataDir = join(work, 'data');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let databaseUrl: string | undefined;

  beforeAll(async () => {
    if (kind === 'postgres') {
      const admin = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: tmpdir() });
      await admin.query(`create schema ${schema}`);
      await admin.close();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.searchParams.set('options', `-c search_path=${schema}`);
      databaseUrl = url.toString();
    }
    const db: Database = await openDatabase({ databaseUrl, dataDir });
    try {
      await migrate(db);
      for (const route of [...REFUSED, ALLOWED]) {
        const name = route
          .split('/')
          .pop()!
          .replace(/^./, (c) => c.toUpperCase());
        const office = { street: `Office of ${name}`, city: name, state: 'Maharashtra', postalCode: '411045', country: 'India' };
        const document = newCityPage(route, { name, state: 'Maharashtra', office });
        const saved = await saveRevision(db, {
          route,
          document,
          baseRevisionId: null,
          authorId: null,
          authorName: 'Meera',
          summary: 'made',
        });
        if (saved === 'conflict') throw new Error(`conflict at ${route}`);
        await publish(db, { route, revisionId: Number(saved.id), html: '<p></p>', data: '{}', build: 'x', by: 'Meera' });
      }
    } finally {
      await db.close();
    }
  }, 60_000);
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    if (kind !== 'postgres') return;
    const admin = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: tmpdir() });
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.close();
  });

  it('writes no page over a file of another kind, nor at a route the server or the app answers, and says which', () => {
    const before = KEPT.map((file) => readFileSync(join(work, file), 'utf8'));
    const { DATABASE_URL: _unused, ...inherited } = process.env;
    const env = { ...inherited, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    const run = spawnSync('npx', ['tsx', 'scripts/pages-pull.ts'], { cwd: work, env, encoding: 'utf8', timeout: 120_000 });
    expect(run.status, run.stderr).toBe(1);
    expect(KEPT.map((file) => readFileSync(join(work, file), 'utf8'))).toEqual(before);
    for (const route of REFUSED) {
      expect(run.stderr).toContain(`${route}: `);
      if (!KEPT.includes(`pages${route}.json`)) expect(existsSync(join(work, `pages${route}.json`)), route).toBe(false);
    }
    expect(run.stderr).toMatch(/\/site: The address \/site would be kept in pages\/site\.json, which holds the site settings/);
    expect(run.stderr).toMatch(/\/healthz: The server answers \/healthz itself/);
    expect(JSON.parse(readFileSync(join(work, 'pages/franchise/pune.json'), 'utf8'))).toMatchObject({
      route: ALLOWED,
      city: { name: 'Pune' },
    });
    expect(run.stdout).toContain(`1 of ${REFUSED.length + 1} published pages written into pages/`);
  }, 120_000);
});
