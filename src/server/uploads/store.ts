import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database, Queryable } from '../db/database';
import { blobStoreAt, uploadsDir, type BlobLocation, type BlobStore } from './blob-store';
import { detectFileType, type FileType, type UploadKind } from './file-type';
import { checkUploadQuota, type QuotaRefusal, type UploadLimits } from './quota';

export { uploadsDir };

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
  /** The sender's address, which the per-address quota counts. */
  clientIp: string;
}

export type SaveResult = { saved: true; id: string } | { saved: false; refusal: QuotaRefusal };

/** Every process takes this lock to add an upload, so concurrent uploads cannot together overrun a quota. */
const QUOTA_LOCK = 7262004;

/**
 * Copies the staged file into the store under a random name and records it, unless it would take its sender or the
 * site past the unclaimed-upload quota; returns the upload id the form will hold.
 */
export async function saveUpload(db: Database, store: BlobStore, staged: StagedUpload, meta: UploadMeta, limits: UploadLimits): Promise<SaveResult> {
  // A cheap look first, so a refused sender costs no store write; the check under the lock below is the one that counts.
  const early = await checkUploadQuota(db, meta.clientIp, staged.size, limits);
  if (early) return { saved: false, refusal: early };
  const storedName = randomUUID();
  await store.put(storedName, createReadStream(staged.path));
  try {
    const result = await db.transaction(async (tx): Promise<SaveResult> => {
      await tx.query('select pg_advisory_xact_lock($1)', [QUOTA_LOCK]);
      const refusal = await checkUploadQuota(tx, meta.clientIp, staged.size, limits);
      if (refusal) return { saved: false, refusal };
      const [row] = await tx.query<{ id: string }>(
        `insert into uploads (kind, original_name, media_type, size_bytes, stored_name, stored_in, client_ip, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, now() + $8::double precision * interval '1 minute') returning id`,
        [meta.kind, meta.originalName, meta.mediaType, staged.size, storedName, store.location, meta.clientIp, limits.unclaimedMinutes],
      );
      return { saved: true, id: row.id };
    });
    if (!result.saved) await store.delete(storedName);
    return result;
  } catch (error) {
    await store.delete(storedName);
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
  /** A fresh stream of the file's bytes each call; it emits 'open' once found and 'error' when the bytes are gone. */
  stream(): Readable;
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
    stored_in: BlobLocation;
    submission_id: string | null;
    created_at: Date;
  }>('select id, kind, original_name, media_type, size_bytes, stored_name, stored_in, submission_id, created_at from uploads where id = $1', [id]);
  if (!row) return undefined;
  const store = blobStoreAt(row.stored_in, db, dataDir);
  return {
    id: row.id,
    kind: row.kind,
    originalName: row.original_name,
    mediaType: row.media_type,
    size: row.size_bytes,
    submissionId: row.submission_id,
    createdAt: new Date(row.created_at),
    stream: () => store.get(row.stored_name),
  };
}
