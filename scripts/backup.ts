// npm run backup -- FILE
// Writes the embedded database (DATA_DIR) and its uploads to FILE, a tar.gz. While the server runs, it makes the
// backup (it holds the database) and streams it over DATA_DIR/control.sock; otherwise this opens DATA_DIR itself.
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { configOrExit } from '../src/server/config';
import { fail } from './lib/cli';
import { openDatabase, type Database } from '../src/server/db/database';
import { backupStream, pgliteDir, verifyBackup } from '../src/server/control/backup-archive';
import { controlRequest, readJsonAnswer } from '../src/server/control/control-client';

const file = process.argv[2];
if (!file || process.argv.length > 3) fail('Usage: npm run backup -- FILE   (FILE is written as a tar.gz)');
const config = configOrExit(2);
if (config.databaseUrl)
  fail('DATABASE_URL is set: the data is in PostgreSQL. Back it up with pg_dump (see docs/operations.md, "Backups").');
const target = resolve(file);
if (existsSync(target)) fail(`${target} exists already: choose a new file name.`);

const partial = `${target}.partial`;
let db: Database | undefined;
let through = 'through the running server';
try {
  let stream: Readable;
  const response = await controlRequest(config.dataDir, 'POST', '/backup');
  if (response) {
    if (response.statusCode !== 200)
      fail(`The server could not make the backup: ${(await readJsonAnswer<{ problem?: string }>(response)).problem}`);
    stream = response;
  } else {
    if (!existsSync(pgliteDir(config.dataDir))) fail(`There is no database in ${config.dataDir} to back up.`);
    through = 'directly';
    db = await openDatabase({ dataDir: config.dataDir });
    stream = await backupStream(db, config.dataDir);
  }
  // Written beside the target and renamed once complete and read back, so FILE is never a partial backup.
  await pipeline(stream, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
  const manifest = await verifyBackup(createReadStream(partial));
  await rename(partial, target);
  const megabytes = ((await stat(target)).size / 1e6).toFixed(1);
  console.log(`Backed up ${config.dataDir} ${through} to ${target} (${megabytes} MB, ${manifest.uploads} uploads).`);
} catch (error) {
  await rm(partial, { force: true });
  fail(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await db?.close();
}
