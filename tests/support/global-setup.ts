import { mkdirSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { root } from '../../src/server/site/pages-on-disk';
import { bundleServer } from '../../src/build/server-bundle';
import { PGLITE_TEMPLATE_ENV, PGLITE_WORKER_ENV } from './test-server';

/**
 * Once per run: the PGlite worker thread compiled from its source, and an embedded database created and migrated,
 * which every test's own PGlite database starts as a copy of. The suite opens hundreds of databases: a compiled
 * worker starts some 0.6 s sooner than its source through tsx, and a copy opens in under a second where a new
 * database (initdb in WebAssembly) takes about 6 s.
 */
export default async function setup() {
  preferMemoryTmp();
  // Inside the project, where the worker's packages resolve from node_modules.
  mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
  const workerDir = mkdtempSync(join(root, 'node_modules/.cache/hireframe-test-worker-'));
  await bundleServer([{ in: join(root, 'src/server/db/pglite-worker.ts'), out: 'pglite-worker' }], workerDir);
  process.env[PGLITE_WORKER_ENV] = join(workerDir, 'pglite-worker.js');

  const dir = mkdtempSync(join(tmpdir(), 'hireframe-test-template-'));
  const db = await openDatabase({ dataDir: dir, pgliteWorker: process.env[PGLITE_WORKER_ENV] });
  await migrate(db);
  await db.close();
  process.env[PGLITE_TEMPLATE_ENV] = dir;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(workerDir, { recursive: true, force: true });
  };
}

/** Linux's magic number for tmpfs in statfs(2). */
const TMPFS = 0x01021994;

/**
 * Test databases, uploads and browser profiles in memory when the machine has a tmpfs with room (Linux's /dev/shm):
 * a database's copy and removal take about a tenth of their time on a disk. TMPDIR set by the caller is kept;
 * workers and child processes inherit it.
 */
function preferMemoryTmp(dir = '/dev/shm', room = 2 * 1024 ** 3) {
  if (process.env.TMPDIR) return;
  try {
    const fs = statfsSync(dir);
    if (fs.type === TMPFS && fs.bavail * fs.bsize >= room) process.env.TMPDIR = dir;
  } catch {
    // No such directory: the system's temporary directory it is.
  }
}
