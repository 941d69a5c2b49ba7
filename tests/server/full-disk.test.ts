import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import { testConfig } from '../support/test-server';
import { errorBody } from '../../src/server/http/error-reply';
import { first } from '../support/present';

const FAILURE_TEXT = 'There was an issue submitting your request. Please try again.';

/** A 64 MB tmpfs: the only way to fill a disk for real. Needs root (CI runs as root); elsewhere the test says why it skips. */
function mountSmallDisk(): string | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'hireframe-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', dir], { stdio: 'pipe' });
    return dir;
  } catch (error) {
    console.warn(`full-disk test skipped: cannot mount a tmpfs (${(error as Error).message.split('\n')[0]}); run as root`);
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
}

const mount = mountSmallDisk();

describe.skipIf(!mount)('a full disk under PGlite', () => {
  const dir = mount!;
  const filler = join(dir, 'filler');
  let db: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const logged: string[] = [];

  beforeAll(async () => {
    db = await openDatabase({ dataDir: dir, log: { warn: () => undefined, error: () => undefined } });
    const logger = { level: 'error', stream: { write: (line: string) => void logged.push(line) } };
    app = await buildApp({
      config: testConfig(dir, { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1e6 }),
      db,
      site: false,
      logger,
    });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await db?.close().catch(() => undefined);
    execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  const post = (i: number) =>
    app.inject({
      method: 'POST',
      url: '/api/forms/consultation',
      payload: {
        page: '/it-recruitment',
        data: { name: `Visitor ${i} ${'x'.repeat(80)}`, email: 'v@example.com', contact: '9876543210', lookingFor: 'Job' },
        captcha: 'x',
      },
      headers: { 'x-forwarded-for': `10.9.0.${i % 250}` },
    });

  function fillDisk() {
    const fd = openSync(filler, 'w');
    const block = Buffer.alloc(1 << 20);
    try {
      for (;;) writeSync(fd, block);
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      closeSync(fd);
    }
  }

  it('answers 503 with Retry-After and the form failure text, logs one line naming the path, and is not ready', async () => {
    expect((await post(0)).statusCode).toBe(201);
    fillDisk();
    let refused;
    // Rows fill the table's last page first; the refusal comes when it must grow.
    for (let i = 1; i < 400 && !refused; i++) {
      const response = await post(i);
      if (response.statusCode !== 201) refused = response;
    }
    expect(refused?.statusCode).toBe(503);
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused!.json()).toEqual(errorBody(FAILURE_TEXT));
    for (let i = 0; i < 5; i++) expect((await post(500 + i)).statusCode).toBe(503);

    const lines = logged.filter((l) => l.includes('disk full'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(first(lines, 'a disk-full log line')).msg).toContain(`disk full: cannot write to ${join(dir, 'pglite')}`);

    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not ready', reason: `disk full: ${join(dir, 'pglite')}` });
  }, 60_000);

  it('recovers by itself once space is freed', async () => {
    rmSync(filler);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const response = await post(900);
    expect(response.statusCode).toBe(201);
    const [row] = await db.query('select 1 from submissions where id = $1', [response.json().id]);
    expect(row).toBeDefined();
  }, 60_000);
});
