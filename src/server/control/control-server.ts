// Only one process may open a PGlite directory, so while the server runs, npm run backup, npm run create-user and
// npm run pages:pull ask it over a Unix socket in DATA_DIR. The socket is 0600: only local users who could read DATA_DIR anyway reach it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { chmod, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { backupStream } from './backup-archive';
import { addStaffAccount, checkStaffAccount } from './staff-account';
import { controlSocketPath, controlAnswers } from './control-client';
import { publishedDocuments } from '../page-editor/store';

export interface ControlServer {
  readonly path: string;
  /** Stops taking requests and waits for those under way (a backup streams to its end). Safe to call twice. */
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let body = '';
  for await (const chunk of request) {
    body += chunk;
    if (body.length > 64 * 1024) throw new Error('request too large');
  }
  const value: unknown = JSON.parse(body || '{}');
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

function json(response: ServerResponse, status: number, value: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

export async function startControlServer({
  db,
  dataDir,
  log,
  registeredRoutes = () => [],
}: {
  db: Database;
  dataDir: string;
  log: FastifyBaseLogger;
  /** The server's routes, which npm run pages:pull keeps pages from taking. */
  registeredRoutes?: () => readonly string[];
}): Promise<ControlServer> {
  const path = controlSocketPath(dataDir);
  const server = createServer(async (request, response) => {
    try {
      if (request.method === 'GET' && request.url === '/status') return json(response, 200, { pid: process.pid, database: db.kind });
      if (request.method === 'POST' && request.url === '/backup') {
        log.info('backup started');
        const stream = await backupStream(db, dataDir);
        response.writeHead(200, { 'content-type': 'application/gzip' });
        await pipeline(stream, response);
        log.info('backup streamed');
        return;
      }
      if (request.method === 'GET' && request.url === '/published-pages') return json(response, 200, await publishedDocuments(db));
      if (request.method === 'GET' && request.url === '/registered-routes') return json(response, 200, registeredRoutes());
      if (request.method === 'POST' && request.url === '/create-user') {
        const account = checkStaffAccount(await readJson(request));
        if ('problem' in account) return json(response, 400, account);
        const result = await addStaffAccount(db, account);
        if ('problem' in result) return json(response, 409, result);
        log.info({ username: account.username.toLowerCase(), role: account.role }, 'staff account created');
        return json(response, 201, result);
      }
      json(response, 404, { problem: `No control operation ${request.method} ${request.url}` });
    } catch (error) {
      log.error({ err: error }, 'control operation failed');
      // Once a backup streams, its status is sent: cutting the connection is how the client learns it failed.
      if (response.headersSent) response.destroy(error as Error);
      else json(response, 500, { problem: error instanceof Error ? error.message : String(error) });
    }
  });

  // A socket left by a process that died is removed; one that answers belongs to a live server.
  if (await controlAnswers(dataDir)) throw new Error(`Another server answers on ${path}.`);
  await rm(path, { force: true });
  // The socket file is created with the umask in force: none but the owner may connect from its first moment. Node
  // binds a path synchronously inside listen(), so the umask is back before any other file is made.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    const umask = process.umask(0o177);
    try {
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    } finally {
      process.umask(umask);
    }
  });
  await chmod(path, 0o600);

  let closing: Promise<void> | undefined;
  return {
    path,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }).then(() => rm(path, { force: true }))),
  };
}
