import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Database, DatabaseLog, Queryable } from './database';
import { CallProgress } from './call-progress';
import { lockDataDir } from './data-dir-lock';
import { DatabaseUnavailableError, diskFullAtStart } from './db-errors';
import { receiveError, type PgliteReply, type PgliteRequest } from './pglite-messages';

export interface PgliteOptions {
  /** fsync every commit (the default); off trades the last commits before a power loss for speed. */
  fsync?: boolean;
  /** PostgreSQL's shared_buffers (PGlite's default 128MB); see DatabaseOptions. */
  sharedBuffers?: string;
  /** PostgreSQL's WebAssembly compiled once, for every thread given it; see DatabaseOptions. */
  wasmModule?: WebAssembly.Module;
  /** A compiled worker script to run (see newWorker); the test suite compiles one once per run. */
  worker?: string;
  /** How long each call may take (see DATABASE_CALL_TIMEOUT_MS). */
  callTimeoutMs: number;
  log: DatabaseLog;
}

/** A request before it is given its id (Omit over each member of the union). */
type Request = PgliteRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** The longest wait between attempts to restart a stopped thread: space coming back is noticed within it. */
const RESTART_DELAY_MAX_MS = 2_000;
/** How long one restart may take (its WAL replay included) before it counts as stuck too. */
const RESTART_TIMEOUT_MS = 60_000;

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

interface Owed {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  op: Request['op'];
  sentAt: number;
  timeoutMs: number;
  timer: NodeJS.Timeout;
  /** Its caller was answered at the deadline: a late answer is dropped (a late transaction is rolled back). */
  abandoned: boolean;
}

/**
 * One PGlite worker thread and the answers it owes. Each call has a deadline: past it the caller gets
 * DatabaseUnavailableError. A thread that has answered nothing for as long as the oldest call it owes may take is
 * stuck (a disk that filled while PostgreSQL wrote its WAL can leave it looping forever) and is stopped; onExit then
 * starts another on the same directory, which replays the WAL: commits answered before are kept.
 */
async function startWorker(
  dir: string,
  {
    fsync,
    sharedBuffers,
    wasmModule,
    worker: script,
    log,
    progress,
  }: Omit<PgliteOptions, 'callTimeoutMs'> & { fsync: boolean; progress: CallProgress },
  onExit: () => void,
  /** A restart that stays stuck (replaying the WAL onto a disk still full) is given up after this long, and tried again. */
  startTimeoutMs?: number,
) {
  const worker = newWorker({ dir, fsync, sharedBuffers, wasmModule }, script);
  const pending = new Map<number, Owed>();
  let nextId = 1;
  let exited = false;
  let running = false;
  let stopping = false;
  let lastHeard = Date.now();
  let watch: NodeJS.Timeout | undefined;
  // Only while an answer is owed does the thread keep the process alive.
  const keepAlive = () => (pending.size ? worker.ref() : worker.unref());

  function stopIfStuck() {
    const oldest = pending.values().next().value;
    if (!oldest || stopping) return;
    const silentMs = Date.now() - Math.max(lastHeard, oldest.sentAt);
    if (silentMs < oldest.timeoutMs) {
      // Answers came in after the oldest call was sent: it may only now have begun. Look again when it is due.
      clearTimeout(watch);
      watch = setTimeout(stopIfStuck, oldest.timeoutMs - silentMs).unref();
      return;
    }
    stopping = true;
    log.error(`PGlite in ${dir} answered nothing for ${Math.round(silentMs / 1000)} s; stopping its thread to start a new one`);
    void worker.terminate();
  }

  function send<T>(request: Request, timeoutMs: number, transfer?: ArrayBuffer[]): Promise<T> {
    if (exited || stopping) return Promise.reject(new DatabaseUnavailableError('The embedded database thread stopped'));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        const owed = pending.get(id);
        if (!owed || owed.abandoned) return;
        owed.abandoned = true;
        progress.timedOut();
        reject(new DatabaseUnavailableError(`The embedded database did not answer within ${timeoutMs} ms`));
        stopIfStuck();
      }, timeoutMs);
      pending.set(id, {
        resolve: resolve as (value: unknown) => void,
        reject,
        op: request.op,
        sentAt: Date.now(),
        timeoutMs,
        timer,
        abandoned: false,
      });
      keepAlive();
      worker.postMessage({ ...request, id }, transfer);
    });
  }

  const started = new Promise<void>((resolveStart, rejectStart) => {
    worker.on('message', (reply: PgliteReply) => {
      lastHeard = Date.now();
      if ('log' in reply) return log[reply.log](reply.message);
      if ('started' in reply) return resolveStart();
      if ('failed' in reply) return rejectStart(receiveError(reply.failed));
      progress.completed();
      const owed = pending.get(reply.id);
      pending.delete(reply.id);
      keepAlive();
      if (!owed) return;
      clearTimeout(owed.timer);
      if (owed.abandoned) {
        // Nobody will end a transaction that opened after its caller gave up: it would hold PGlite's lock forever.
        if (owed.op === 'begin' && reply.ok)
          void send({ op: 'end', tx: reply.value as number, commit: false }, owed.timeoutMs).catch(() => undefined);
        return;
      }
      if (reply.ok) owed.resolve(reply.value);
      else owed.reject(receiveError(reply.error));
    });
    worker.on('error', (error) => log.error(`PGlite worker failed: ${error.message}`));
    worker.on('exit', () => {
      exited = true;
      clearTimeout(watch);
      rejectStart(new DatabaseUnavailableError('The embedded database thread stopped while starting'));
      for (const owed of pending.values()) {
        clearTimeout(owed.timer);
        owed.reject(new DatabaseUnavailableError('The embedded database thread stopped'));
      }
      pending.clear();
      if (running) onExit();
    });
  });
  const startTimer = startTimeoutMs ? setTimeout(() => void worker.terminate(), startTimeoutMs) : undefined;
  try {
    await started;
  } catch (error) {
    await worker.terminate();
    throw error;
  } finally {
    clearTimeout(startTimer);
  }
  running = true;
  keepAlive();

  return {
    call: send,
    /** Ends the thread, first asking PGlite to close (a clean shutdown) if it answers within timeoutMs. */
    async stop(timeoutMs: number) {
      running = false;
      await send({ op: 'close' }, timeoutMs).catch(() => undefined);
      stopping = true;
      await worker.terminate();
    },
  };
}

/**
 * The embedded PostgreSQL in DATA_DIR/pglite, locked to this process and run on a worker thread of its own, so the
 * event loop keeps serving pages while a statement runs. If PostgreSQL aborts, the worker reopens it (see
 * pglite-engine.ts); if the thread itself dies or stops answering, a new one is started. Meanwhile queries get
 * DatabaseUnavailableError.
 */
export async function openPglite(
  dataDir: string,
  { fsync = true, sharedBuffers, wasmModule, worker, callTimeoutMs, log }: PgliteOptions,
): Promise<Database> {
  const progress = new CallProgress();
  const threadOptions = { fsync, sharedBuffers, wasmModule, worker, log, progress };
  const dir = resolve(dataDir, 'pglite');
  // Even the lock's PID file needs a few bytes.
  const lock = await lockDataDir(dataDir).catch((error: unknown) =>
    Promise.reject((error as NodeJS.ErrnoException).code === 'ENOSPC' ? (diskFullAtStart(dataDir, error) ?? error) : error),
  );
  let closed = false;
  let restarting: Promise<void> | undefined;
  type Thread = Awaited<ReturnType<typeof startWorker>>;
  let thread: Thread;
  const restart = () => {
    if (closed) return;
    log.error(`The PGlite thread for ${dir} stopped; starting a new one`);
    restarting ??= (async () => {
      for (let delay = 250; !closed; delay = Math.min(delay * 2, RESTART_DELAY_MAX_MS)) {
        try {
          const started = await startWorker(dir, threadOptions, restart, RESTART_TIMEOUT_MS);
          if (closed) return void (await started.stop(callTimeoutMs));
          thread = started;
          log.warn(`PGlite in ${dir} is answering again`);
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

  const withDeadline = (timeoutMs: number): Database => {
    const call = <T>(request: Request, transfer?: ArrayBuffer[]) =>
      restarting || closed
        ? Promise.reject(new DatabaseUnavailableError('The embedded database is restarting'))
        : thread.call<T>(request, timeoutMs, transfer);
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
      withDeadline,
      get stalled() {
        return Boolean(restarting) || progress.stalled;
      },
      dumpDataDir: async () => new Blob([await call<ArrayBuffer>({ op: 'dump' })], { type: 'application/gzip' }),
      async close() {
        if (closed) return;
        closed = true;
        await restarting;
        try {
          await thread.stop(callTimeoutMs);
        } finally {
          await lock.release();
        }
      },
    };
  };
  return withDeadline(callTimeoutMs);
}
