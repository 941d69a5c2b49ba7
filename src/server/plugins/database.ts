import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { sweepExpired } from '../db/housekeeping';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Opens the database (PGlite, or PostgreSQL with DATABASE_URL), applies migrations, and closes it with the server. */
export default fp<{ db?: Database }>(
  async (app, { db: given }) => {
    const db = given ?? (await openDatabase({ databaseUrl: app.config.databaseUrl, dataDir: app.config.dataDir }));
    const applied = await migrate(db);
    if (applied.length) app.log.info({ applied }, 'database migrated');
    app.decorate('db', db);
    const sweep = setInterval(() => sweepExpired(db, app.config.dataDir).catch((error) => app.log.warn({ error }, 'housekeeping failed')), 10 * 60_000);
    sweep.unref();
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      if (!given) await db.close();
    });
  },
  { name: 'database' },
);
