// One backup file: a tar.gz holding a manifest, PGlite's own dump of its data directory and the uploaded files.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { MAINTENANCE_CALL_TIMEOUT_MS, type Database } from '../db/database';
import { tarEntries, tarStream, type TarEntry } from './tar';

const MANIFEST = 'hireframe-backup.json';
const DATABASE_ENTRY = 'pglite.tar.gz';
const UPLOADS_PREFIX = 'uploads/';

export interface BackupManifest {
  format: 'hireframe-backup';
  version: 1;
  createdAt: string;
  database: typeof DATABASE_ENTRY;
  uploads: number;
}

/** Where openDatabase keeps PGlite's files inside DATA_DIR. */
export const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');
const uploadsRoot = (dataDir: string) => join(dataDir, 'uploads');

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files = await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return listFiles(path);
      // .part files are uploads still being received: nothing refers to them yet.
      return entry.isFile() && !entry.name.endsWith('.part') ? [path] : [];
    }),
  );
  return files.flat().sort();
}

/**
 * The backup of a running PGlite database as a gzip stream. The dump is taken first, between two statements, so it
 * holds every transaction committed before it; files are gathered afterwards, and an upload is written before the
 * row that names it, so every upload the dump knows is in the archive.
 */
export async function backupStream(db: Database, dataDir: string): Promise<Readable> {
  // A large database takes a while to dump: longer than a request may wait.
  const { dumpDataDir } = db.withDeadline(MAINTENANCE_CALL_TIMEOUT_MS);
  if (!dumpDataDir) throw new Error('This database cannot be backed up from here: with DATABASE_URL use pg_dump.');
  const dump = Buffer.from(await (await dumpDataDir()).arrayBuffer());
  const root = uploadsRoot(dataDir);
  const files = (
    await Promise.all((await listFiles(root)).map(async (path) => ({ path, size: (await stat(path).catch(() => undefined))?.size })))
  ).filter((file): file is { path: string; size: number } => file.size !== undefined);
  const manifest: BackupManifest = {
    format: 'hireframe-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    database: DATABASE_ENTRY,
    uploads: files.length,
  };
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  async function* entries(): AsyncGenerator<TarEntry> {
    yield { name: MANIFEST, size: manifestBytes.length, body: manifestBytes };
    yield { name: DATABASE_ENTRY, size: dump.length, body: dump };
    for (const { path, size } of files) {
      const name = UPLOADS_PREFIX + relative(root, path).split(sep).join('/');
      yield { name, size, body: createReadStream(path) as AsyncIterable<Buffer> };
    }
  }
  return tarStream(entries()).pipe(createGzip());
}

async function readAll(body: AsyncIterable<Buffer>) {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * A tar stream ends cleanly at any entry boundary, so a backup cut off between two files reads as complete: the
 * manifest's count of uploads is what tells.
 */
function checkComplete(manifest: BackupManifest | undefined, database: boolean, uploads: number): BackupManifest {
  if (!manifest || !database) throw new Error('This file is not a Hireframe backup (no manifest or no database).');
  if (uploads !== manifest.uploads) throw new Error('The archive ends too early: it is incomplete.');
  return manifest;
}

/** Reads a backup through to its end without keeping it: a truncated or damaged file fails here. */
export async function verifyBackup(stream: Readable): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  let database = false;
  let uploads = 0;
  for await (const { name, body } of tarEntries(stream.pipe(createGunzip()))) {
    if (name === MANIFEST) {
      manifest = parseManifest(await readAll(body));
      continue;
    }
    for await (const _chunk of body); // read through, so damage anywhere is found
    if (name === DATABASE_ENTRY) database = true;
    else if (name.startsWith(UPLOADS_PREFIX)) uploads++;
  }
  return checkComplete(manifest, database, uploads);
}

function parseManifest(bytes: Buffer): BackupManifest {
  const value = JSON.parse(bytes.toString('utf8')) as Partial<BackupManifest>;
  if (value.format !== 'hireframe-backup' || value.version !== 1)
    throw new Error('This file is not a Hireframe backup this version can read.');
  return value as BackupManifest;
}

/**
 * Unpacks a backup into dataDir, which the caller has checked is empty and holds: uploads as files, the database
 * loaded by PGlite from its dump (PGlite recovers it as after a crash, keeping every committed transaction).
 */
export async function restoreBackup(stream: Readable, dataDir: string): Promise<BackupManifest & { restoredUploads: number }> {
  let manifest: BackupManifest | undefined;
  let dump: Awaited<ReturnType<typeof readAll>> | undefined;
  let restoredUploads = 0;
  for await (const { name, body } of tarEntries(stream.pipe(createGunzip()))) {
    if (name === MANIFEST) manifest = parseManifest(await readAll(body));
    else if (name === DATABASE_ENTRY) dump = await readAll(body);
    else if (name.startsWith(UPLOADS_PREFIX)) {
      const path = join(uploadsRoot(dataDir), ...name.slice(UPLOADS_PREFIX.length).split('/'));
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await pipeline(body, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
      restoredUploads++;
    } else for await (const _chunk of body); // not ours: read past it
  }
  const complete = checkComplete(manifest, Boolean(dump?.length), restoredUploads);
  await mkdir(pgliteDir(dataDir), { recursive: true, mode: 0o700 });
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(pgliteDir(dataDir), { loadDataDir: new Blob([dump ?? new Uint8Array()]) });
  try {
    await db.query('select 1');
  } finally {
    await db.close();
  }
  return { ...complete, restoredUploads };
}
