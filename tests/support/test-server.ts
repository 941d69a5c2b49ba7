import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp, type AppOptions } from '../../src/server/app';
import { configFromEnv, type ServerConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/database';

export const distDir = join(new URL('../..', import.meta.url).pathname, 'dist');

/** The databases tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL names one (CI). */
export const databaseKinds = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])] as const;
export type DatabaseKind = (typeof databaseKinds)[number];

/** Where the run's migrated PGlite database is (tests/support/global-setup.ts); each test's starts as a copy. */
export const PGLITE_TEMPLATE_ENV = 'HIREFRAME_TEST_PGLITE_TEMPLATE';
/** Where the run's compiled PGlite worker is (tests/support/global-setup.ts). */
export const PGLITE_WORKER_ENV = 'HIREFRAME_TEST_PGLITE_WORKER';

const TEST_SHARED_BUFFERS = '16MB';

let postgresWasm: Promise<WebAssembly.Module> | undefined;
/** PostgreSQL's 9 MB of WebAssembly compiled once a test process, not again for each of its databases. */
const compiledPostgres = () =>
  (postgresWasm ??= readFile(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm')).then((bytes) =>
    WebAssembly.compile(bytes),
  ));

/**
 * A data directory as a site leaves it after its first start: a copy of the run's migrated PGlite template (a new
 * database spends seconds in initdb), or empty when the run has none.
 */
export function startedDataDir(dataDir = mkdtempSync(join(tmpdir(), 'hireframe-test-'))): string {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (template) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * A database of its own: a fresh PGlite directory, or a fresh schema on the PostgreSQL server. A PGlite directory starts
 * as a copy of the run's migrated template; `unmigrated` starts it empty, for a test that migrates it step by step.
 */
export async function openTestDatabase(
  kind: DatabaseKind,
  { unmigrated = false }: { unmigrated?: boolean } = {},
): Promise<{
  db: Database;
  dataDir: string;
  drop: () => Promise<void>;
  /** PostgreSQL's address of the schema: for a second pool on it, as another process would have. */
  databaseUrl?: string;
}> {
  if (kind === 'pglite') {
    const dataDir = unmigrated ? mkdtempSync(join(tmpdir(), 'hireframe-test-')) : startedDataDir();
    // Nothing here survives a crash on purpose, so commits skip the disk flush; the fault tests run npm start's own
    // durable settings in processes of their own (tests/support/server-process.ts). A test's few hundred rows need
    // little buffer pool, and a small one starts in a third of the CPU; with PostgreSQL compiled once, in half again.
    const db = await openDatabase({
      dataDir,
      fsync: false,
      sharedBuffers: TEST_SHARED_BUFFERS,
      pgliteWasm: await compiledPostgres(),
      pgliteWorker: process.env[PGLITE_WORKER_ENV],
    });
    return { db, dataDir, drop: async () => (await db.close(), rmSync(dataDir, { recursive: true, force: true })) };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'hireframe-test-'));
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir });
  await admin.query(`create schema ${schema}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  // As on PGlite: commits do not wait for the WAL to reach the disk.
  url.searchParams.set('options', `-c search_path=${schema} -c synchronous_commit=off`);
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir });
  return {
    db,
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      await db.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function testConfig(dataDir: string, overrides: Partial<ServerConfig> = {}): ServerConfig {
  // Tests speak for many clients through X-Forwarded-For, as a load balancer would.
  return { ...configFromEnv({}), distDir, dataDir, trustProxy: true, ...overrides };
}

/** The server as npm start builds it, on a database of its own. */
export async function startTestServer(
  options: { kind?: DatabaseKind; config?: Partial<ServerConfig> } & Omit<AppOptions, 'config' | 'db'> = {},
) {
  const { db, dataDir, drop, databaseUrl } = await openTestDatabase(options.kind ?? 'pglite');
  const app = await buildApp({ ...options, config: testConfig(dataDir, options.config), db });
  return {
    app,
    db,
    dataDir,
    databaseUrl,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}
