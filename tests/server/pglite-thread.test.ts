import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database';
import { isUniqueViolation } from '../../src/server/db/db-errors';

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
