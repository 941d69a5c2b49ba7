import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database';
import { dbFaultOf, isUniqueViolation } from '../../src/server/db/db-errors';
import { PGLITE_TEMPLATE_ENV, PGLITE_WORKER_ENV } from '../support/test-server';

// The embedded database runs on a thread of its own: while a long statement runs, the server's event loop goes on.
describe('PGlite on its own thread', () => {
  let dir: string;
  let db: Database;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hireframe-pglite-thread-'));
    db = await openDatabase({ dataDir: dir, fsync: false, log: { warn: () => undefined, error: () => undefined } });
    await db.query('create table items (id int primary key, note text)');
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the event loop free while a long statement runs', async () => {
    const events: string[] = [];
    const slow = db.query('select count(*) from generate_series(1, 3000000)').then(() => events.push('statement done'));
    // Timers on this thread keep firing; in-thread PGlite would hold them until the statement ended.
    for (let tick = 0; tick < 5; tick++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      events.push(`tick ${tick}`);
    }
    await slow;
    expect(events).toEqual(['tick 0', 'tick 1', 'tick 2', 'tick 3', 'tick 4', 'statement done']);
  });

  it('brings back rows with their types, and errors with the fields callers read', async () => {
    const [row] = await db.query<{ at: Date; bytes: Uint8Array; n: number }>(`select now() as at, '\\x6869'::bytea as bytes, 7 as n`);
    expect(row?.at).toBeInstanceOf(Date);
    expect(Buffer.from(row?.bytes ?? []).toString()).toBe('hi');
    expect(row?.n).toBe(7);
    await db.query('insert into items values (1, $1)', ['first']);
    const error = await db.query('insert into items values (1, $1)', ['again']).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(error).toMatchObject({ constraint: 'items_pkey' });
  });

  it('commits a transaction whole or not at all, and serves other queries after it', async () => {
    await db.transaction(async (tx) => {
      await tx.query(`insert into items values (2, 'two')`);
      await tx.query(`insert into items values (3, 'three')`);
    });
    const failure = await db
      .transaction(async (tx) => {
        await tx.query(`insert into items values (4, 'four')`);
        throw new Error('changed my mind');
      })
      .catch((e: Error) => e.message);
    expect(failure).toBe('changed my mind');
    const concurrent = await Promise.all([
      db.transaction(async (tx) => tx.query(`insert into items values (5, 'five') returning id`)),
      db.query('select count(*)::int as n from items'),
    ]);
    expect(concurrent[0]).toEqual([{ id: 5 }]);
    expect(await db.query('select id from items order by id')).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 5 }]);
  });
});

// A disk that fills while PostgreSQL writes its WAL can leave PGlite looping forever inside a commit; a statement
// that runs far past the deadline stands in for it here.
describe('PGlite that stops answering', () => {
  let dir: string;
  let db: Database;
  const logged: string[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hireframe-pglite-stuck-'));
    const template = process.env[PGLITE_TEMPLATE_ENV];
    if (template) cpSync(template, dir, { recursive: true });
    const log = { warn: (m: string) => void logged.push(m), error: (m: string) => void logged.push(m) };
    db = await openDatabase({ dataDir: dir, fsync: false, callTimeoutMs: 1_000, pgliteWorker: process.env[PGLITE_WORKER_ENV], log });
    await db.query('create table kept (id int primary key)');
    await db.query('insert into kept values (1)');
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers at the deadline, says calls stalled, and restarts its thread on the same data by itself', async () => {
    const started = Date.now();
    const [endless, queued] = await Promise.all(
      ['select count(*) from generate_series(1, 2000000000)', 'select 1'].map((sql) => db.query(sql).catch((e: unknown) => e)),
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(dbFaultOf(endless)).toBe('unavailable');
    expect(dbFaultOf(queued)).toBe('unavailable');
    expect(db.stalled).toBe(true);

    const back = Date.now();
    let rows;
    while (!rows) {
      expect(Date.now() - back).toBeLessThan(10_000);
      rows = await db.query('select id from kept').catch(() => new Promise<undefined>((r) => setTimeout(r, 100)));
    }
    expect(rows).toEqual([{ id: 1 }]);
    expect(db.stalled).toBe(false);
    expect(logged.some((line) => /answered nothing for 1 s; stopping its thread/.test(line))).toBe(true);
  }, 30_000);

  it('gives a long maintenance call the deadline it asks for', async () => {
    // Several seconds of work where the usual deadline is 1 s.
    const slow = 'select count(*)::int as n from generate_series(1, 20000000)';
    expect(await db.withDeadline(60_000).query(slow)).toEqual([{ n: 20_000_000 }]);
  }, 60_000);
});

describe('PGlite settings', () => {
  it("runs with PGlite's own buffer pool, or the size it is given", async () => {
    const quiet = { warn: () => undefined, error: () => undefined };
    const sizes: string[] = [];
    for (const sharedBuffers of [undefined, '16MB']) {
      const dir = mkdtempSync(join(tmpdir(), 'hireframe-pglite-buffers-'));
      cpSync(process.env[PGLITE_TEMPLATE_ENV]!, dir, { recursive: true });
      const db = await openDatabase({
        dataDir: dir,
        fsync: false,
        sharedBuffers,
        pgliteWorker: process.env[PGLITE_WORKER_ENV],
        log: quiet,
      });
      sizes.push((await db.query<{ shared_buffers: string }>('show shared_buffers'))[0]!.shared_buffers);
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(sizes).toEqual(['128MB', '16MB']);
  }, 60_000);
});
