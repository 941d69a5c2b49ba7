import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database';

const migrationsDir = new URL('./migrations/', import.meta.url).pathname;

const migrationFiles = () =>
  readdirSync(migrationsDir)
    .filter((f) => /^\d{3}-[a-z0-9-]+\.sql$/.test(f))
    .sort();

/** The migration files not yet applied to this database (readiness: a server must not serve an older schema). */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const rows = await db.query<{ version: number }>('select version from schema_migrations');
  const done = new Set(rows.map((r) => Number(r.version)));
  return migrationFiles().filter((f) => !done.has(Number(f.slice(0, 3))));
}

/**
 * Applies the numbered SQL files of migrations/ not yet applied, each in its own transaction, in order; with `through`,
 * only those up to that number (a test of a migration's backfill stores rows as the version before it would).
 */
export async function migrate(db: Database, { through = Infinity }: { through?: number } = {}): Promise<string[]> {
  await db.query(`create table if not exists schema_migrations (
    version integer primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`);
  const files = migrationFiles().filter((f) => Number(f.slice(0, 3)) <= through);
  const applied: string[] = [];
  for (const file of files) {
    const version = Number(file.slice(0, 3));
    const sql = readFileSync(join(migrationsDir, file), 'utf8');
    const ran = await db.transaction(async (tx) => {
      // Several processes may start at once against one PostgreSQL: one applies, the others wait and skip.
      await tx.query('select pg_advisory_xact_lock(7262001)');
      const done = await tx.query('select 1 from schema_migrations where version = $1', [version]);
      if (done.length) return false;
      for (const statement of sql
        .split(/;\s*$/m)
        .map((s) => s.trim())
        .filter(Boolean))
        await tx.query(statement);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [version, file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
