import type { Pool, PoolClient, QueryConfig } from 'pg';
import type { Database, DatabaseLog } from './database';
import { CallProgress } from './call-progress';
import { dbFaultOf, StartupError } from './db-errors';
import { statementName } from './statement-names';

export interface PostgresOptions {
  log: DatabaseLog;
  /** How long to keep trying an unreachable server at start before giving up. */
  connectTimeoutMs?: number;
  /** How long each call may take: the server cancels the statement, and the client stops waiting soon after. */
  callTimeoutMs: number;
  /** Connections this process keeps open. */
  poolSize?: number;
}

/** The client-side timer's margin over statement_timeout: the server's own cancel, with its clear error, comes first. */
const CLIENT_MARGIN_MS = 1_000;

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
 * Runs a statement prepared on the connection (parsed once, planned from a cached plan where PostgreSQL finds it as
 * good): at a few hundred submissions a second, parsing and planning their statements each time cost the server about
 * a quarter of its time. A statement whose result changed shape under it (a migration by another process, error 0A000)
 * runs unprepared, as before.
 */
async function run(on: Pool | PoolClient, sql: string, params: readonly unknown[] = [], timeoutMs?: number) {
  const statement: QueryConfig = { text: sql, values: params as unknown[], ...(timeoutMs ? { query_timeout: timeoutMs } : {}) };
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
  { log, connectTimeoutMs = 30_000, callTimeoutMs, poolSize = 10 }: PostgresOptions,
): Promise<Database> {
  const { default: pg } = await import('pg');
  const where = describeUrl(databaseUrl);
  const named = new URL(databaseUrl).searchParams.has('application_name');
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: Math.min(5_000, callTimeoutMs),
    statement_timeout: callTimeoutMs,
    query_timeout: callTimeoutMs + CLIENT_MARGIN_MS,
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

  const progress = new CallProgress();
  /** Notes whether a call completed (an answer, even an error) or ran out of time. */
  const watched = async <T>(work: Promise<T>): Promise<T> => {
    try {
      const result = await work;
      progress.completed();
      return result;
    } catch (error) {
      if (timedOut(error)) progress.timedOut();
      else if (!dbFaultOf(error)) progress.completed();
      throw error;
    }
  };

  /**
   * The pool's own deadline (statement_timeout, query_timeout) serves the usual calls; a longer one runs each
   * statement in a transaction that raises statement_timeout for itself.
   */
  const withDeadline = (timeoutMs: number): Database => {
    const longer = timeoutMs !== callTimeoutMs;
    const clientTimeout = longer ? timeoutMs + CLIENT_MARGIN_MS : undefined;
    const transaction: Database['transaction'] = async (fn) => {
      const client = await watched(pool.connect());
      let broken: Error | undefined;
      try {
        await watched(client.query('begin'));
        if (longer) await watched(client.query(`set local statement_timeout = ${Math.round(timeoutMs)}`));
        const result = await fn({ query: (sql, params) => watched(run(client, sql, params, clientTimeout)) });
        await watched(client.query('commit'));
        return result;
      } catch (error) {
        // A dropped connection goes back to the pool destroyed, never to be handed out again.
        if (dbFaultOf(error) === 'unavailable') broken = error as Error;
        else await client.query('rollback').catch((e: Error) => (broken = e));
        throw error;
      } finally {
        client.release(broken);
      }
    };
    return {
      kind: 'postgres',
      query: (sql, params) => (longer ? transaction((tx) => tx.query(sql, params)) : watched(run(pool, sql, params))),
      transaction,
      withDeadline,
      get stalled() {
        return progress.stalled;
      },
      close: () => pool.end(),
    };
  };
  return withDeadline(callTimeoutMs);
}

/** The statement ran past statement_timeout, the client stopped waiting, or no connection was free in time. */
const timedOut = (error: unknown) =>
  (error as { code?: string }).code === '57014' ||
  /Query read timeout|timeout exceeded when trying to connect|connection timeout/i.test((error as Error)?.message ?? '');
