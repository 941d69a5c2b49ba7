/** Runs SQL with $1, $2 ... parameters; the PostgreSQL dialect everywhere. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/**
 * The one row a statement always answers with (an insert … returning, a count, an upsert): none would mean the
 * schema or the statement is broken, so it is an error rather than a case to handle.
 */
export async function queryOne<T = Record<string, unknown>>(db: Queryable, sql: string, params?: unknown[]): Promise<T> {
  const [row] = await db.query<T>(sql, params);
  if (row === undefined) throw new Error(`A statement that always returns a row returned none: ${sql.trim().split('\n')[0]}`);
  return row;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: all of its statements take effect, or none. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * The same database whose calls may each take up to timeoutMs instead of the usual deadline: for maintenance that
   * may rightly run long (migrations, vacuum, backups), never for a visitor's request.
   */
  withDeadline(timeoutMs: number): Database;
  /** Calls stopped completing: one ran past its deadline since the last answer (or PGlite is being restarted). */
  readonly stalled: boolean;
  close(): Promise<void>;
  /** PGlite only: a gzipped tarball of the data directory, taken between statements (what npm run backup keeps). */
  dumpDataDir?(): Promise<Blob | File>;
}

/** Where connection losses and restarts are reported; one line each. */
export interface DatabaseLog {
  warn(message: string): void;
  error(message: string): void;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; without it the embedded PGlite keeps its files in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL: how long an unreachable server is retried at start (default 30 s). */
  connectTimeoutMs?: number;
  /** How long each call may take before it fails with DatabaseUnavailableError (default DEFAULT_CALL_TIMEOUT_MS, set by DATABASE_CALL_TIMEOUT_MS). */
  callTimeoutMs?: number;
  /** PostgreSQL: connections this process keeps open (default 10). */
  poolSize?: number;
  /** PGlite: flush every commit to disk (default true). */
  fsync?: boolean;
  /**
   * PGlite: PostgreSQL's shared_buffers (default PGlite's 128MB). PostgreSQL clears the pool at every start, which is
   * most of a start's CPU; a small database (the test suite's) starts in about a third of the CPU with 16MB.
   */
  sharedBuffers?: string;
  /** PGlite: a compiled worker script to run instead of the one found beside this code. */
  pgliteWorker?: string;
  /**
   * PGlite: PostgreSQL's WebAssembly already compiled, shared by every thread given it (the test suite's many
   * databases). Without it each thread compiles its own, as npm start does until a quiet `npm run bench` shows sharing
   * costs nothing (docs/testing.md).
   */
  pgliteWasm?: WebAssembly.Module;
  log?: DatabaseLog;
}

/**
 * How long one database call may take before its request is answered 503 with Retry-After (and the embedded
 * database, if it answered nothing meanwhile, is restarted). Statements here take milliseconds; a disk that filled
 * mid-write can leave PGlite unable to answer at all. DATABASE_CALL_TIMEOUT_MS sets another.
 */
export const DEFAULT_CALL_TIMEOUT_MS = 5_000;

/** The deadline of maintenance calls (migrations, vacuum, backups): long, but not forever. */
export const MAINTENANCE_CALL_TIMEOUT_MS = 10 * 60_000;

const stderrLog: DatabaseLog = {
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
};

export async function openDatabase({
  databaseUrl,
  dataDir,
  connectTimeoutMs,
  callTimeoutMs = DEFAULT_CALL_TIMEOUT_MS,
  poolSize,
  fsync,
  sharedBuffers,
  pgliteWorker,
  pgliteWasm,
  log = stderrLog,
}: DatabaseOptions): Promise<Database> {
  if (databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(databaseUrl, { log, connectTimeoutMs, callTimeoutMs, poolSize });
  }
  const { openPglite } = await import('./pglite');
  return openPglite(dataDir, { fsync, sharedBuffers, wasmModule: pgliteWasm, worker: pgliteWorker, callTimeoutMs, log });
}
