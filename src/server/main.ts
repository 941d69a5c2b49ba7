import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildApp } from './app';
import { configOrExit } from './config';
import { isStartupError } from './db/db-errors';
import { startControlServer, type ControlServer } from './control/control-server';

/** How long requests under way may take to finish after SIGTERM or SIGINT before their connections are cut. */
const GRACE_MS = 10_000;
/** After the grace: the outbox's own grace (5 s) and closing the database, then the process ends regardless. */
const HARD_STOP_MS = GRACE_MS + 8_000;

const config = configOrExit();
const app = await buildApp({ config, logger: { level: config.logLevel } }).catch((error: unknown) => {
  // A database that cannot be opened (in use, damaged, unreachable) is told in one line, not a stack.
  if (!isStartupError(error)) throw error;
  console.error(error.message);
  process.exit(1);
});

let control: ControlServer | undefined;
// Added last, so it runs before the plugins' own close hooks: a backup under way ends before the database closes.
app.addHook('onClose', async () => {
  await control?.close();
});

let draining = false;
/** Responses not yet finished: at shutdown each says its connection closes after it. */
const answering = new Set<ServerResponse>();
app.server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
  answering.add(response);
  response.once('close', () => answering.delete(response));
});

async function shutdown(signal: NodeJS.Signals) {
  if (draining) {
    app.log.warn(`${signal} again: stopping now`);
    process.exit(1);
  }
  draining = true;
  app.log.info({ signal, graceMs: GRACE_MS }, 'draining: no new connections; requests under way may finish');
  // Keep-alive clients learn with their last answer that the connection ends; ones already idle, or whose answer
  // had already begun, are closed as soon as they have nothing under way.
  for (const response of answering) if (!response.headersSent) response.shouldKeepAlive = false;
  const idle = setInterval(() => app.server.closeIdleConnections(), 250);
  let cut = false;
  const grace = setTimeout(() => {
    cut = true;
    app.log.warn('grace period over: closing the connections still open');
    app.server.closeAllConnections();
  }, GRACE_MS);
  setTimeout(() => {
    app.log.error('shutdown did not finish in time: exiting');
    process.exit(1);
  }, HARD_STOP_MS).unref();
  // The control socket stops taking operations now too; one under way still finishes (see the hook above).
  void control?.close();
  try {
    await app.close();
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
  clearTimeout(grace);
  clearInterval(idle);
  app.log.info('stopped');
  process.exit(cut ? 1 : 0);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, (name) => void shutdown(name));

await app.listen({ port: config.port, host: config.host });
// Only one process may open a PGlite directory: backups and new accounts go through this server while it runs.
if (app.db.kind === 'pglite') {
  const log = app.log.child({ component: 'control' });
  // Serving the site matters more: without the socket (say DATA_DIR's path is too long for one), say what is missing.
  control = await startControlServer({ db: app.db, dataDir: config.dataDir, log, registeredRoutes: app.registeredRoutes }).catch(
    (error: Error) => {
      log.warn(
        `No control socket in ${config.dataDir} (${error.message}): npm run backup and create-user work only while the server is stopped`,
      );
      return undefined;
    },
  );
}
