import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';

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
    if (!given) app.addHook('onClose', () => db.close());
  },
  { name: 'database' },
);
