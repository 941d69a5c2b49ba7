import { mkdirSync } from 'node:fs';

/** Runs SQL with $1, $2 ... parameters; the PostgreSQL dialect everywhere. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: all of its statements take effect, or none. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: a gzipped tarball of the data directory, taken between statements (what npm run backup keeps). */
  dumpDataDir?(): Promise<Blob | File>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; without it the embedded PGlite keeps its files in dataDir. */
  databaseUrl?: string;
  dataDir: string;
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(`${dataDir}/pglite`);
  return {
    kind: 'pglite',
    query: async (sql, params) => (await db.query(sql, params)).rows as never,
    // PGlite has one connection and queues transactions, so concurrent requests stay correct.
    transaction: (fn) => db.transaction((tx) => fn({ query: async (sql, params) => (await tx.query(sql, params)).rows as never })),
    close: () => db.close(),
    dumpDataDir: () => db.dumpDataDir('gzip'),
  };
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  return {
    kind: 'postgres',
    query: async (sql, params) => (await pool.query(sql, params as unknown[])).rows,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({ query: async (sql, params) => (await client.query(sql, params as unknown[])).rows });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase({ databaseUrl, dataDir }: DatabaseOptions): Promise<Database> {
  return databaseUrl ? openPostgres(databaseUrl) : openPglite(dataDir);
}
