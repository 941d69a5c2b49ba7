import { Type, type Static } from 'typebox';

/** What an upload is for: it decides the file types and size allowed, and who may send it. */
export const UploadKind = Type.Enum(['resume', 'complaint-image', 'avatar', 'blog-cover']);
export type UploadKind = Static<typeof UploadKind>;

/**
 * POST /api/uploads takes multipart: a `kind` field (an UploadKind; resume when absent) before one `file`.
 * 201: the upload a form then names by its id.
 */
export const UploadedFile = Type.Object({ id: Type.String(), name: Type.String(), size: Type.Integer(), type: Type.String() });
export type UploadedFile = Static<typeof UploadedFile>;
