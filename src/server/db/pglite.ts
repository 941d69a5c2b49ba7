import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Database, DatabaseLog, Queryable } from './database';
import { lockDataDir } from './data-dir-lock';
import { DatabaseUnavailableError } from './db-errors';
import { receiveError, type PgliteReply, type PgliteRequest } from './pglite-messages';

export interface PgliteOptions {
  /** fsync every commit (the default); off trades the last commits before a power loss for speed. */
  fsync?: boolean;
  /** A compiled worker script to run (see newWorker); the test suite compiles one once per run. */
  worker?: string;
  log: DatabaseLog;
}

/** A request before it is given its id (Omit over each member of the union). */
type Request = PgliteRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/**
 * The worker: the compiled script given, the one beside the server bundle (dist/server-app/pglite-worker.js), or its
 * TypeScript source loaded through tsx's loader (scripts), which costs more than half a second a thread.
 * import.meta.dirname, unlike import.meta.url, names where this code runs.
 */
function newWorker(workerData: unknown, given?: string) {
  const compiled = given ?? join(import.meta.dirname, 'pglite-worker.js');
  if (existsSync(compiled)) return new Worker(compiled, { workerData });
  const source = pathToFileURL(join(import.meta.dirname, 'pglite-worker.ts')).href;
  const loadSource = `import('tsx/esm/api').then(({ register }) => (register(), import(${JSON.stringify(source)})))`;
  return new Worker(loadSource, { eval: true, workerData });
}

/** One PGlite worker thread and the answers it owes. */
async function startWorker(dir: string, { fsync, worker: script, log }: PgliteOptions & { fsync: boolean }, onExit: () => void) {
  const worker = newWorker({ dir, fsync }, script);
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let exited = false;
  let running = false;
  // Only while an answer is owed does the thread keep the process alive.
  const keepAlive = () => (pending.size ? worker.ref() : worker.unref());

  const started = new Promise<void>((resolveStart, rejectStart) => {
    worker.on('message', (reply: PgliteReply) => {
      if ('log' in reply) return log[reply.log](reply.message);
      if ('started' in reply) return resolveStart();
      if ('failed' in reply) return rejectStart(receiveError(reply.failed));
      const owed = pending.get(reply.id);
      pending.delete(reply.id);
      keepAlive();
      if (reply.ok) owed?.resolve(reply.value);
      else owed?.reject(receiveError(reply.error));
    });
    worker.on('error', (error) => log.error(`PGlite worker failed: ${error.message}`));
    worker.on('exit', () => {
      exited = true;
      rejectStart(new DatabaseUnavailableError('The embedded database thread stopped while starting'));
      for (const owed of pending.values()) owed.reject(new DatabaseUnavailableError('The embedded database thread stopped'));
      pending.clear();
      if (running) onExit();
    });
  });
  try {
    await started;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  running = true;
  keepAlive();

  return {
    call<T>(request: Request, transfer?: ArrayBuffer[]): Promise<T> {
      if (exited) return Promise.reject(new DatabaseUnavailableError('The embedded database thread stopped'));
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        keepAlive();
        worker.postMessage({ ...request, id }, transfer);
      });
    },
    terminate: () => worker.terminate(),
  };
}

/**
 * The embedded PostgreSQL in DATA_DIR/pglite, locked to this process and run on a worker thread of its own, so the
 * event loop keeps serving pages while a statement runs. If PostgreSQL aborts, the worker reopens it (see
 * pglite-engine.ts); if the thread itself dies, a new one is started. Meanwhile queries get DatabaseUnavailableError.
 */
export async function openPglite(dataDir: string, { fsync = true, worker, log }: PgliteOptions): Promise<Database> {
  const threadOptions = { fsync, worker, log };
  const lock = await lockDataDir(dataDir);
  const dir = resolve(dataDir, 'pglite');
  let closed = false;
  let restarting: Promise<void> | undefined;
  type Thread = Awaited<ReturnType<typeof startWorker>>;
  let thread: Thread;
  const restart = () => {
    if (closed) return;
    log.error(`The PGlite thread for ${dir} stopped; starting a new one`);
    restarting ??= (async () => {
      for (let delay = 500; !closed; delay = Math.min(delay * 2, 10_000)) {
        try {
          thread = await startWorker(dir, threadOptions, restart);
          return;
        } catch (error) {
          log.error(`PGlite in ${dir} could not be restarted: ${(error as Error).message}`);
          await new Promise((r) => setTimeout(r, delay));
        }
      }
    })().finally(() => (restarting = undefined));
  };
  try {
    thread = await startWorker(dir, threadOptions, restart);
  } catch (error) {
    await lock.release();
    throw error;
  }
  const call = <T>(request: Request, transfer?: ArrayBuffer[]) =>
    restarting ? Promise.reject(new DatabaseUnavailableError('The embedded database is restarting')) : thread.call<T>(request, transfer);

  return {
    kind: 'pglite',
    query: (sql, params) => call({ op: 'query', sql, params }),
    // PGlite has one connection and queues transactions, so concurrent requests stay correct.
    async transaction(fn) {
      const tx = await call<number>({ op: 'begin' });
      const inside: Queryable = { query: (sql, params) => call({ op: 'query', sql, params, tx }) };
      let result;
      try {
        result = await fn(inside);
      } catch (error) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    dumpDataDir: async () => new Blob([await call<ArrayBuffer>({ op: 'dump' })], { type: 'application/gzip' }),
    async close() {
      closed = true;
      await restarting;
      try {
        await call({ op: 'close' });
        await thread.terminate();
      } finally {
        await lock.release();
      }
    },
  };
}
