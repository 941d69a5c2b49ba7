import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Queryable } from '../db/database';

/** Where an upload's bytes live: a process's own disk, or the database every process shares. */
export type BlobLocation = 'disk' | 'database';

/** Upload bytes by stored name; the uploads table holds everything else about them. */
export interface BlobStore {
  readonly location: BlobLocation;
  put(name: string, bytes: Readable): Promise<void>;
  /**
   * A stream of the bytes, read lazily. Like a file stream it emits 'open' once the blob is found and 'error'
   * when it is not, so a route can answer 404 before any header goes out.
   */
  get(name: string): Readable;
  delete(name: string): Promise<void>;
}

/** Outside the web root (dist/, public/): an upload is only ever read back through openUpload. */
export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

export function diskBlobStore(dataDir: string): BlobStore {
  const dir = uploadsDir(dataDir);
  return {
    location: 'disk',
    async put(name, bytes) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const path = join(dir, name);
      try {
        await pipeline(bytes, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
    },
    get: (name) => createReadStream(join(dir, name)),
    delete: (name) => rm(join(dir, name), { force: true }),
  };
}

/** Reads of a blob are this size, so a download never holds a whole file in memory. */
const CHUNK_BYTES = 256 * 1024;

class BlobMissing extends Error {
  code = 'ENOENT';
}

export function databaseBlobStore(db: Queryable): BlobStore {
  return {
    location: 'database',
    async put(name, bytes) {
      const chunks: Buffer[] = [];
      for await (const chunk of bytes) chunks.push(Buffer.from(chunk as Uint8Array));
      await db.query('insert into upload_blobs (stored_name, data) values ($1, $2)', [name, Buffer.concat(chunks)]);
    },
    get(name) {
      let size = 0;
      let offset = 0;
      return new Readable({
        construct(done) {
          db.query<{ size: number }>('select octet_length(data) as size from upload_blobs where stored_name = $1', [name]).then(([row]) => {
            if (!row) return done(new BlobMissing(`upload ${name} is not stored`));
            size = Number(row.size);
            this.emit('open');
            done();
          }, done);
        },
        read() {
          if (offset >= size) return void this.push(null);
          db.query<{ chunk: Uint8Array }>('select substring(data from $2 for $3) as chunk from upload_blobs where stored_name = $1', [
            name,
            offset + 1,
            CHUNK_BYTES,
          ]).then(
            ([row]) => {
              // Removed while being read: end with an error rather than a silently short file.
              if (!row || row.chunk.length === 0) return this.destroy(new BlobMissing(`upload ${name} was removed`));
              offset += row.chunk.length;
              this.push(Buffer.from(row.chunk));
            },
            (error: Error) => this.destroy(error),
          );
        },
      });
    },
    async delete(name) {
      await db.query('delete from upload_blobs where stored_name = $1', [name]);
    },
  };
}

/** The store an upload at this location is read from and removed from. */
export function blobStoreAt(location: BlobLocation, db: Queryable, dataDir: string): BlobStore {
  return location === 'database' ? databaseBlobStore(db) : diskBlobStore(dataDir);
}

/**
 * Where new uploads go: the database when DATABASE_URL names a PostgreSQL server (several processes may serve the
 * site), the data directory with the embedded database (one process by design; files stay off its one connection).
 */
export function blobStoreFor(config: { databaseUrl?: string; dataDir: string }, db: Queryable): BlobStore {
  return blobStoreAt(config.databaseUrl ? 'database' : 'disk', db, config.dataDir);
}
