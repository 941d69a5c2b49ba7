import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Queryable } from '../db/database';
import { detectFileType, type FileType, type UploadKind } from './file-type';

/** Outside the web root (dist/, public/): an upload is only ever read back through openUpload. */
export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/** A file received but not yet accepted: a `.part` file in the uploads folder. */
export interface StagedUpload {
  readonly path: string;
  readonly dir: string;
  /** Bytes written; past the limit the rest of the stream is read and dropped. */
  readonly size: number;
  readonly tooLarge: boolean;
}

/** Writes a stream to disk with a hard size limit; the caller keeps or discards the result. */
export async function stageUpload(dataDir: string, stream: Readable, maxBytes: number): Promise<StagedUpload> {
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, `${randomUUID()}.part`);
  let size = 0;
  let tooLarge = false;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) tooLarge = true;
      // Keep draining once over the limit so the multipart parser can finish the request.
      done(null, tooLarge ? undefined : chunk);
    },
  });
  try {
    await pipeline(stream, limit, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  // The parser truncates at its own fileSize limit; say so even if that limit is the same as ours.
  if ((stream as { truncated?: boolean }).truncated) tooLarge = true;
  if (tooLarge) await rm(path, { force: true });
  return { path, dir, size: tooLarge ? 0 : size, tooLarge };
}

export async function discardUpload(staged: StagedUpload): Promise<void> {
  await rm(staged.path, { force: true });
}

/** The staged file's type by its magic bytes. */
export async function detectStagedType(staged: StagedUpload): Promise<FileType | undefined> {
  const handle = await open(staged.path, 'r');
  try {
    return await detectFileType({
      size: staged.size,
      async read(offset, length) {
        const buffer = Buffer.alloc(Math.max(0, Math.min(length, staged.size - offset)));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
        return buffer.subarray(0, bytesRead);
      },
    });
  } finally {
    await handle.close();
  }
}

export interface UploadMeta {
  kind: UploadKind;
  originalName: string;
  mediaType: string;
}

/** Moves the staged file to its final random name and records it; returns the upload id the form will hold. */
export async function saveUpload(db: Queryable, staged: StagedUpload, meta: UploadMeta): Promise<string> {
  const storedName = randomUUID();
  const path = join(staged.dir, storedName);
  await rename(staged.path, path);
  try {
    const [row] = await db.query<{ id: string }>(
      `insert into uploads (kind, original_name, media_type, size_bytes, stored_name) values ($1, $2, $3, $4, $5) returning id`,
      [meta.kind, meta.originalName, meta.mediaType, staged.size, storedName],
    );
    return row.id;
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

export interface StoredUpload {
  id: string;
  kind: UploadKind;
  originalName: string;
  mediaType: string;
  size: number;
  submissionId: string | null;
  createdAt: Date;
  /** A fresh stream of the file's bytes each call. */
  stream(): ReadStream;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An upload by id, for serving it back (to staff, never from the web root). */
export async function openUpload(db: Queryable, dataDir: string, id: string): Promise<StoredUpload | undefined> {
  if (!uuidPattern.test(id)) return undefined;
  const [row] = await db.query<{
    id: string;
    kind: UploadKind;
    original_name: string;
    media_type: string;
    size_bytes: number;
    stored_name: string;
    submission_id: string | null;
    created_at: Date;
  }>('select id, kind, original_name, media_type, size_bytes, stored_name, submission_id, created_at from uploads where id = $1', [id]);
  if (!row) return undefined;
  const path = join(uploadsDir(dataDir), row.stored_name);
  return {
    id: row.id,
    kind: row.kind,
    originalName: row.original_name,
    mediaType: row.media_type,
    size: row.size_bytes,
    submissionId: row.submission_id,
    createdAt: new Date(row.created_at),
    stream: () => createReadStream(path),
  };
}
