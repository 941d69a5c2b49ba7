import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseLog, Queryable } from './database';
import { DatabaseUnavailableError, diskFullAtStart, StartupError } from './db-errors';
import { DurableNodeFS } from './durable-node-fs';
import { preparedQuery } from './pglite-prepared';

/** The embedded PostgreSQL itself, as the PGlite worker thread runs it (pglite-worker.ts). */
export interface PgliteEngine extends Queryable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  dumpDataDir(): Promise<Blob | File>;
  close(): Promise<void>;
}

/** Refuses a directory that holds files but no PG_VERSION: PGlite would run initdb over whatever is left. */
function refuseDamaged(dir: string) {
  if (!existsSync(dir) || existsSync(join(dir, 'PG_VERSION'))) return;
  if (readdirSync(dir).length === 0) return;
  throw new StartupError(
    `The database in ${dir} is damaged (files present but no PG_VERSION); refusing to create a new one over it. ` +
      'Restore the directory from a backup, or move it away to start with an empty database.',
  );
}

/** PostgreSQL's own FATAL or PANIC line, without its timestamp: far more telling than PGlite's "Aborted()". */
const reasonIn = (stderr: string[]) =>
  stderr
    .find((line) => /\b(FATAL|PANIC):/.test(line))
    ?.replace(/^.*?\b(FATAL|PANIC):\s*/, '')
    .trim();

/** How PostgreSQL runs inside PGlite: the durability of commits and the size of its buffer pool. */
export interface PgliteSettings {
  fsync: boolean;
  /** PostgreSQL's shared_buffers, e.g. "16MB"; PGlite's own is 128MB. */
  sharedBuffers?: string;
  /** PostgreSQL's WebAssembly already compiled (DatabaseOptions.pgliteWasm). */
  wasmModule?: WebAssembly.Module;
}

function startParams(PGlite: typeof import('@electric-sql/pglite').PGlite, { fsync, sharedBuffers }: PgliteSettings) {
  // PGlite starts PostgreSQL with -F (fsync off); without it, and with fsync rather than the no-op fdatasync.
  const params = fsync
    ? [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync']
    : [...PGlite.defaultStartParams];
  // PostgreSQL clears the pool at every start: with 128MB that is about two thirds of the start's CPU.
  if (sharedBuffers) params.push('-c', `shared_buffers=${sharedBuffers}`);
  return params;
}

async function start(dir: string, settings: PgliteSettings): Promise<{ pg: PGlite; durable: boolean }> {
  const { fsync } = settings;
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const stderr: string[] = [];
  const fs = fsync ? new DurableNodeFS(dir) : undefined;
  try {
    const pg = await PGlite.create({
      dataDir: dir,
      fs,
      // Trigram indexes serve the portal's "contains" searches (migration 005).
      extensions: { pg_trgm },
      startParams: startParams(PGlite, settings),
      pgliteWasmModule: settings.wasmModule,
      onStderr: (text) => (stderr.push(text), stderr.length > 50 && stderr.shift(), false),
    });
    return { pg, durable: fs?.installed ?? false };
  } catch (error) {
    const reason = reasonIn(stderr) ?? ((error as Error).message || String(error)).split('\n')[0];
    throw (
      diskFullAtStart(dir, reason) ??
      new StartupError(
        `The database in ${dir} cannot be opened: ${reason}. Restore the directory from a backup, or move it away to start with an empty database.`,
      )
    );
  }
}

const aborted = (error: unknown) => error instanceof WebAssembly.RuntimeError || /\bAborted\(\)/.test(String((error as Error)?.message));

/**
 * PGlite on the directory dir. If PostgreSQL aborts (a PANIC, e.g. the disk filled while writing the WAL), queries
 * get DatabaseUnavailableError while it is reopened, which replays the WAL.
 */
export async function startPgliteEngine(dir: string, { log, ...settings }: PgliteSettings & { log: DatabaseLog }): Promise<PgliteEngine> {
  const { fsync } = settings;
  refuseDamaged(dir);
  const started = await start(dir, settings);
  let pg = started.pg;
  if (fsync && !started.durable) log.warn(`PGlite: could not install fsync; commits in ${dir} are not flushed to disk`);

  let reopening: Promise<void> | undefined;
  let closed = false;
  const reopen = () => {
    reopening ??= (async () => {
      log.error(`PGlite in ${dir} stopped; reopening it`);
      await pg.close().catch(() => undefined);
      for (let delay = 500; !closed; delay = Math.min(delay * 2, 10_000)) {
        try {
          pg = (await start(dir, settings)).pg;
          log.warn(`PGlite in ${dir} reopened`);
          return;
        } catch (error) {
          log.error(`PGlite in ${dir} could not be reopened: ${(error as Error).message}`);
          await new Promise((r) => setTimeout(r, delay));
        }
      }
    })().finally(() => (reopening = undefined));
  };
  const guard = async <T>(fn: (pg: PGlite) => Promise<T>): Promise<T> => {
    if (reopening) throw new DatabaseUnavailableError('The embedded database is restarting');
    try {
      return await fn(pg);
    } catch (error) {
      if (!aborted(error)) throw error;
      reopen();
      throw new DatabaseUnavailableError('The embedded database stopped and is restarting');
    }
  };

  return {
    query: (sql, params) => guard(async (db) => (await preparedQuery(db, db, sql, params)) as never),
    // PGlite has one connection and queues transactions, so concurrent requests stay correct.
    transaction: (fn) =>
      guard((db) => db.transaction((tx) => fn({ query: async (sql, params) => (await preparedQuery(db, tx, sql, params)) as never }))),
    dumpDataDir: () => guard((db) => db.dumpDataDir('gzip')),
    async close() {
      closed = true;
      await reopening;
      await pg.close();
    },
  };
}
