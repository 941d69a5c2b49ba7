import { resolve } from 'node:path';
import fp from 'fastify-plugin';
import { MAINTENANCE_CALL_TIMEOUT_MS, openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { DbStatus } from '../db/db-status';
import { describeUrl } from '../db/postgres';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Faults seen lately (a full disk, a lost server), for /readyz and the error handler. */
    dbStatus: DbStatus;
  }
}

/** Opens the database (PGlite, or PostgreSQL with DATABASE_URL), applies migrations, and closes it with the server. */
export default fp<{ db?: Database }>(
  async (app, { db: given }) => {
    const { databaseUrl, dataDir, databaseConnectTimeoutS, databaseCallTimeoutMs, databasePoolSize } = app.config;
    const log = { warn: (message: string) => app.log.warn(message), error: (message: string) => app.log.error(message) };
    const db =
      given ??
      (await openDatabase({
        databaseUrl,
        dataDir,
        connectTimeoutMs: databaseConnectTimeoutS * 1000,
        callTimeoutMs: databaseCallTimeoutMs,
        poolSize: databasePoolSize,
        log,
      }));
    // Migrations, sweeps and vacuum may rightly take longer than a request's deadline.
    const maintenance = db.withDeadline(MAINTENANCE_CALL_TIMEOUT_MS);
    try {
      const applied = await migrate(maintenance);
      if (applied.length) app.log.info({ applied }, 'database migrated');
    } catch (error) {
      if (!given) await db.close().catch(() => undefined);
      throw error;
    }
    app.decorate('db', db);
    app.decorate(
      'dbStatus',
      new DbStatus(db.kind === 'pglite' ? resolve(dataDir, 'pglite') : `PostgreSQL${databaseUrl ? ` at ${describeUrl(databaseUrl)}` : ''}`),
    );
    // PGlite has no autovacuum: without this, rows deleted or updated (rate-limit windows, spent captchas, status
    // changes) would never be reclaimed, and the planner would never learn how large the tables have grown. It runs
    // on the database's own thread; requests wait for it only where they need the database.
    const vacuum =
      db.kind === 'pglite'
        ? setInterval(() => maintenance.query('vacuum (analyze)').catch((error) => app.log.warn({ error }, 'vacuum failed')), 60 * 60_000)
        : undefined;
    vacuum?.unref();
    // Nor does PGlite (PostgreSQL in single-user mode) ever checkpoint on its own: its WAL would grow by a 16 MB
    // segment after another until the disk fills. After a checkpoint the old segments are reused instead.
    const checkpoint =
      db.kind === 'pglite'
        ? setInterval(() => maintenance.query('checkpoint').catch((error) => app.log.warn({ error }, 'checkpoint failed')), 5 * 60_000)
        : undefined;
    checkpoint?.unref();
    app.addHook('onClose', async () => {
      clearInterval(vacuum);
      clearInterval(checkpoint);
      if (!given) await db.close();
    });
  },
  { name: 'database' },
);
