import { createHash } from 'node:crypto';
import type { Pool, PoolClient, QueryConfig } from 'pg';
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

/** Statement names by their text: each is hashed once, not at every query. */
const statementNames = new Map<string, string>();

/** The name a statement is prepared under: one per text, so every connection prepares it once and plans it from then on. */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `hf_${createHash('sha1').update(sql).digest('base64url').slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * Runs a statement prepared on the connection (parsed once, planned from a cached plan where PostgreSQL finds it as
 * good): at a few hundred submissions a second, parsing and planning their statements each time cost the server about
 * a quarter of its time. A statement whose result changed shape under it (a migration by another process, error 0A000)
 * runs unprepared, as before.
 */
async function run(on: Pool | PoolClient, sql: string, params: readonly unknown[] = []) {
  const statement: QueryConfig = { text: sql, values: params as unknown[] };
  if (!params.length) return (await on.query(statement)).rows;
  try {
    return (await on.query({ ...statement, name: statementName(sql) })).rows;
  } catch (error) {
    if ((error as { code?: string }).code !== '0A000') throw error;
    return (await on.query(statement)).rows;
  }
}

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
    query: (sql, params) => run(pool, sql, params),
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await fn({ query: (sql, params) => run(client, sql, params) });
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
