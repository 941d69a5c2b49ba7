import type { Database, DatabaseLog } from './database';
import { dbFaultOf, StartupError } from './db-errors';

export interface PostgresOptions {
  log: DatabaseLog;
  /** How long to keep trying an unreachable server at start before giving up. */
  connectTimeoutMs?: number;
  /** Connections this process keeps open. */
  poolSize?: number;
}

/** host:port/database of a URL, never its password. */
export function describeUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'the DATABASE_URL server';
  }
}

const reasonOf = (error: unknown) => {
  const { code, message } = error as { code?: string; message?: string };
  return message || code || String(error);
};

/**
 * A pool on a PostgreSQL server that outlives the server: a connection that drops (a restart, pg_terminate_backend)
 * is logged and replaced on the next query instead of crashing the process; queries fail while the server is away.
 */
export async function openPostgres(
  databaseUrl: string,
  { log, connectTimeoutMs = 30_000, poolSize = 10 }: PostgresOptions,
): Promise<Database> {
  const { default: pg } = await import('pg');
  const where = describeUrl(databaseUrl);
  const named = new URL(databaseUrl).searchParams.has('application_name');
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    ...(named ? {} : { application_name: 'hireframe' }),
  });
  // Without a listener, an 'error' from a dropped connection (idle or checked out) is an uncaught exception.
  pool.on('connect', (client) => client.on('error', (error) => log.warn(`PostgreSQL connection to ${where} lost: ${reasonOf(error)}`)));
  pool.on('error', () => undefined); // already logged by the client's own listener

  const deadline = Date.now() + connectTimeoutMs;
  for (let delay = 250; ; delay = Math.min(delay * 2, 5_000)) {
    try {
      await pool.query('select 1');
      break;
    } catch (error) {
      const transient = dbFaultOf(error) === 'unavailable';
      if (!transient || Date.now() >= deadline) {
        await pool.end().catch(() => undefined);
        throw new StartupError(
          transient
            ? `Cannot reach PostgreSQL at ${where} after ${Math.round(connectTimeoutMs / 1000)} s: ${reasonOf(error)}. Check DATABASE_URL and that the server is running.`
            : `PostgreSQL at ${where} refused the connection: ${reasonOf(error)}. Check DATABASE_URL.`,
        );
      }
      log.warn(`PostgreSQL at ${where} is not reachable yet (${reasonOf(error)}); retrying`);
      await new Promise((r) => setTimeout(r, Math.min(delay, Math.max(deadline - Date.now(), 0))));
    }
  }

  return {
    kind: 'postgres',
    query: async (sql, params) => (await pool.query(sql, params as unknown[])).rows,
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await fn({ query: async (sql, params) => (await client.query(sql, params as unknown[])).rows });
        await client.query('commit');
        return result;
      } catch (error) {
        // A dropped connection goes back to the pool destroyed, never to be handed out again.
        if (dbFaultOf(error) === 'unavailable') broken = error as Error;
        else await client.query('rollback').catch((e: Error) => (broken = e));
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
