// One backup file: a tar.gz holding a manifest, PGlite's own dump of its data directory and the uploaded files.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Database } from '../db/database';
import { readTar, tarStream, type TarEntry } from './tar';

export const MANIFEST = 'hireframe-backup.json';
export const DATABASE_ENTRY = 'pglite.tar.gz';
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
  if (!db.dumpDataDir) throw new Error('This database cannot be backed up from here: with DATABASE_URL use pg_dump.');
  const dump = Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
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
  return Readable.from(tarStream(entries())).pipe(createGzip());
}

/** Reads a backup through to its end without keeping it: a truncated or damaged file fails here. */
export async function verifyBackup(stream: Readable): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  let database = false;
  await readTar(stream.pipe(createGunzip()), async (name) => {
    const chunks: Buffer[] = [];
    return {
      write: (chunk) => void (name === MANIFEST && chunks.push(chunk)),
      end: () => {
        if (name === MANIFEST) manifest = parseManifest(Buffer.concat(chunks));
        if (name === DATABASE_ENTRY) database = true;
      },
    };
  });
  if (!manifest || !database) throw new Error('This file is not a Hireframe backup (no manifest or no database).');
  return manifest;
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
  const dump: Buffer[] = [];
  let restoredUploads = 0;
  await readTar(stream.pipe(createGunzip()), async (name) => {
    if (name === MANIFEST || name === DATABASE_ENTRY) {
      const chunks = name === DATABASE_ENTRY ? dump : ([] as Buffer[]);
      return {
        write: (chunk) => void chunks.push(chunk),
        end: () => void (name === MANIFEST && (manifest = parseManifest(Buffer.concat(chunks)))),
      };
    }
    if (!name.startsWith(UPLOADS_PREFIX)) return { write: () => undefined, end: () => undefined };
    const path = join(uploadsRoot(dataDir), ...name.slice(UPLOADS_PREFIX.length).split('/'));
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const file = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    restoredUploads++;
    return {
      write: (chunk) => new Promise<void>((resolve, reject) => file.write(chunk, (error) => (error ? reject(error) : resolve()))),
      end: async () => {
        file.end();
        await finished(file);
      },
    };
  });
  if (!manifest || !dump.length) throw new Error('This file is not a Hireframe backup (no manifest or no database).');
  await mkdir(pgliteDir(dataDir), { recursive: true, mode: 0o700 });
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(pgliteDir(dataDir), { loadDataDir: new Blob([Buffer.concat(dump)]) });
  try {
    await db.query('select 1');
  } finally {
    await db.close();
  }
  return { ...(manifest as BackupManifest), restoredUploads };
}
