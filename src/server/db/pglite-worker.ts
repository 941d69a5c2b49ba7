// The embedded database's own thread: PGlite runs PostgreSQL compiled to WebAssembly synchronously, so a long
// statement here would otherwise stop the server's event loop (every visitor waits for an admin's search or export).
// pglite.ts starts this worker and forwards each query; answers and log lines come back as messages.
import { parentPort, workerData } from 'node:worker_threads';
import type { Queryable } from './database';
import { sendError, type PgliteReply, type PgliteRequest } from './pglite-messages';
import { startPgliteEngine, type PgliteEngine, type PgliteSettings } from './pglite-engine';

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread, started by pglite.ts');
const port = parentPort;
const { dir, ...settings } = workerData as { dir: string } & PgliteSettings;
const send = (reply: PgliteReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);
const log = { warn: (message: string) => send({ log: 'warn', message }), error: (message: string) => send({ log: 'error', message }) };

/** Transactions open on the server's behalf: their connection and how to end them. */
const transactions = new Map<number, { tx: Queryable; end: (commit: boolean) => void; settled: Promise<unknown> }>();
const rolledBack = Symbol('rolled back');

const notOpen = (id: number, txId: number | undefined) =>
  send({ id, ok: false, error: sendError(new Error(`No open transaction ${txId}`)) });

function answer(id: number, work: () => Promise<unknown>) {
  work().then(
    (value) => send({ id, ok: true, value }),
    (error: unknown) => send({ id, ok: false, error: sendError(error) }),
  );
}

/** Opens a transaction that stays open, holding PGlite's transaction lock, until the server ends it. */
function begin(engine: PgliteEngine, id: number) {
  let entered = false;
  const settled = engine.transaction(
    (tx) =>
      new Promise((resolve, reject) => {
        entered = true;
        transactions.set(id, { tx, end: (commit) => (commit ? resolve(null) : reject(rolledBack)), settled });
        send({ id, ok: true, value: id });
      }),
  );
  settled.catch((error: unknown) => {
    if (!entered) send({ id, ok: false, error: sendError(error) });
  });
}

function end(id: number, txId: number, commit: boolean) {
  const open = transactions.get(txId);
  transactions.delete(txId);
  if (!open) return notOpen(id, txId);
  open.end(commit);
  answer(id, () => open.settled.catch((error: unknown) => (error === rolledBack ? null : Promise.reject(error))));
}

async function dump(engine: PgliteEngine, id: number) {
  try {
    const bytes = await (await engine.dumpDataDir()).arrayBuffer();
    send({ id, ok: true, value: bytes }, [bytes]);
  } catch (error) {
    send({ id, ok: false, error: sendError(error) });
  }
}

try {
  const engine = await startPgliteEngine(dir, { ...settings, log });
  port.on('message', (request: PgliteRequest) => {
    switch (request.op) {
      case 'query': {
        const on = request.tx === undefined ? engine : transactions.get(request.tx)?.tx;
        if (!on) return notOpen(request.id, request.tx);
        return answer(request.id, () => on.query(request.sql, request.params));
      }
      case 'begin':
        return begin(engine, request.id);
      case 'end':
        return end(request.id, request.tx, request.commit);
      case 'dump':
        return void dump(engine, request.id);
      case 'close':
        return answer(request.id, () => engine.close());
    }
  });
  send({ started: true });
} catch (error) {
  send({ failed: sendError(error) });
}
