/**
 * Resumable uploads speak tus 1.0.0 (creation, termination, expiration) at this path: POST creates an upload
 * (Upload-Length, Upload-Metadata with `filename` and `kind`), HEAD tells its offset, PATCH adds bytes
 * (application/offset+octet-stream), DELETE cancels it. The PATCH that completes the upload answers 200 with the same
 * UploadedFile as POST /api/uploads, or the refusal in the one error shape.
 */
export const RESUMABLE_UPLOADS_PATH = '/api/uploads/tus';

/** Files larger than this go up resumably, in chunks; smaller ones in one POST /api/uploads. */
export const RESUMABLE_ABOVE_BYTES = 262_144;
/** The first chunk's size; each chunk sent doubles the next, up to the largest size below the limit (the spec's). */
export const RESUMABLE_CHUNK_BYTES = 262_144;
export const RESUMABLE_CHUNK_LIMIT_BYTES = 33_554_432;
/** How long a dropped connection is retried, in all, before the upload fails (the spec's upload retry). */
export const RESUMABLE_RETRY_MS = 600_000;

/** The chunk after one of `bytes`. */
export const nextChunkBytes = (bytes: number) => (bytes * 2 < RESUMABLE_CHUNK_LIMIT_BYTES ? bytes * 2 : bytes);
