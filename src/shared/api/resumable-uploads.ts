/**
 * Resumable uploads speak tus 1.0.0 (creation, termination, expiration) at this path: POST creates an upload
 * (Upload-Length, Upload-Metadata with `filename` and `kind`), HEAD tells its offset, PATCH adds bytes
 * (application/offset+octet-stream), DELETE cancels it. The PATCH that completes the upload answers 200 with the same
 * UploadedFile as POST /api/uploads, or the refusal in the one error shape.
 */
export const RESUMABLE_UPLOADS_PATH = '/api/uploads/tus';

/** Files larger than this go up resumably, in chunks of RESUMABLE_CHUNK_BYTES; smaller ones in one POST /api/uploads. */
export const RESUMABLE_ABOVE_BYTES = 262_144;
export const RESUMABLE_CHUNK_BYTES = 262_144;
