import { statfs } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { pendingMigrations } from '../db/migrate';

/** Free space below this on the embedded database's filesystem still counts as full. */
const MIN_FREE_BYTES = 16 * 1024 * 1024;
/** PostgreSQL's own disk cannot be measured from here: a disk-full error counts for this long. */
const REMOTE_DISK_FULL_MS = 30_000;

async function diskStillFull(app: FastifyInstance): Promise<boolean> {
  const full = app.dbStatus.diskFull;
  if (!full) return false;
  let still: boolean;
  if (app.db.kind === 'pglite') {
    const fs = await statfs(app.dbStatus.location).catch(() => undefined);
    still = !fs || fs.bavail * fs.bsize < MIN_FREE_BYTES;
  } else still = Date.now() - full.seenAt < REMOTE_DISK_FULL_MS;
  if (!still) {
    app.dbStatus.clear('disk-full');
    app.log.info(`disk space is back for ${app.dbStatus.location}`);
  }
  return still;
}

/** Why this process cannot serve now (database, schema, disk), or undefined when it can. */
export async function notReadyReason(app: FastifyInstance): Promise<string | undefined> {
  try {
    await app.db.query('select 1');
  } catch (error) {
    return `database unavailable: ${(error as Error).message}`;
  }
  app.dbStatus.clear('unavailable');
  try {
    const pending = await pendingMigrations(app.db);
    if (pending.length) return `migrations not applied: ${pending.join(', ')}`;
  } catch (error) {
    return `migrations unknown: ${(error as Error).message}`;
  }
  if (await diskStillFull(app)) return `disk full: ${app.dbStatus.location}`;
  return undefined;
}
