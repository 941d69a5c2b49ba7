// npm run restore -- FILE
// Brings a backup made by npm run backup into DATA_DIR, which must be empty (or not exist) and in use by no server.
import { createReadStream, existsSync } from 'node:fs';
import { chmod, readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { configOrExit } from '../src/server/config';
import { fail } from './lib/cli';
import { restoreBackup, verifyBackup } from '../src/server/control/backup-archive';
import { controlAnswers } from '../src/server/control/control-client';
import { lockDataDir, type DataDirLock } from '../src/server/db/data-dir-lock';

const file = process.argv[2];
if (!file || process.argv.length > 3) fail('Usage: npm run restore -- FILE   (into the empty DATA_DIR)');
const config = configOrExit(2);
if (config.databaseUrl) fail('DATABASE_URL is set: restore PostgreSQL with pg_restore or psql (see docs/operations.md, "Backups").');
const source = resolve(file);
if (!existsSync(source)) fail(`There is no file ${source}.`);
const { dataDir } = config;
if (await controlAnswers(dataDir)) fail(`A server is running on ${dataDir}: stop it before restoring.`);
// Held while restoring, so a server started meanwhile refuses the half-written directory.
let lock: DataDirLock;
try {
  lock = await lockDataDir(dataDir);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
/** The lock's own files are not data. */
const lockFiles = new Set(['hireframe.lock', 'hireframe.pid']);
const dataIn = async () => (await readdir(dataDir)).filter((name) => !lockFiles.has(name));
async function refuse(message: string): Promise<never> {
  await lock.release();
  fail(message);
}
if ((await dataIn()).length)
  await refuse(`${dataDir} is not empty: restore goes into an empty DATA_DIR. Move it aside or point DATA_DIR at a new folder.`);

try {
  // Read through once first: a damaged or cut-off file is refused before anything is written.
  await verifyBackup(createReadStream(source));
} catch (error) {
  await refuse(`${source} cannot be restored: ${error instanceof Error ? error.message : String(error)}`);
}
await chmod(dataDir, 0o700);
try {
  const restored = await restoreBackup(createReadStream(source), dataDir);
  await lock.release();
  console.log(`Restored the backup of ${restored.createdAt} into ${dataDir} (${restored.restoredUploads} uploads). npm start serves it.`);
} catch (error) {
  // DATA_DIR was empty: leave it so again rather than half restored.
  for (const name of await dataIn()) await rm(join(dataDir, name), { recursive: true, force: true });
  await refuse(`Restore failed, ${dataDir} is left empty: ${error instanceof Error ? error.message : String(error)}`);
}
