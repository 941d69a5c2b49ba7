import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { PGLITE_TEMPLATE_ENV } from './test-server';

/**
 * Once per run: an embedded database created and migrated, which every test's own PGlite database starts as a copy
 * of. Creating one (initdb in WebAssembly) takes about 6 s; opening a copy about 1.5 s, and the suite opens hundreds.
 */
export default async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'hireframe-test-template-'));
  const db = await openDatabase({ dataDir: dir });
  await migrate(db);
  await db.close();
  process.env[PGLITE_TEMPLATE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
