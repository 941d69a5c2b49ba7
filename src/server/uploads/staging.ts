import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { uploadsDir } from './blob-store';
import { detectFileType, type FileType } from './file-type';

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
