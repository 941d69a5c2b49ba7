import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hit } from '../forms/rate-limit';
import { ALLOWED_TYPES, MAX_UPLOAD_BYTES, MEDIA_TYPES, isUploadKind } from '../storage/file-type';
import { detectStagedType, discardUpload, saveUpload, stageUpload, type StagedUpload } from '../storage/upload-store';

const UPLOADS_PER_MINUTE = 20;

const TOO_LARGE = 'The file is larger than 5 MB.';
const NO_FILE = 'Please choose a file.';

const errorList = {
  type: 'object',
  required: ['errors'],
  properties: {
    errors: {
      type: 'array',
      items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
  },
} as const;

type Outcome = { code: 201 | 400 | 413 | 429; body: unknown };

const failure = (code: Outcome['code'], message: string, field = 'file'): Outcome => ({ code, body: { errors: [{ field, message }] } });

/** The name as the visitor knows it, without a client's path, control characters or unbounded length. */
function cleanName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(0, 200) || 'upload';
}

/** What a multipart error means to the visitor who sent the request. */
function partsError(error: unknown): { code: 400 | 413; message: string } {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return { code: 413, message: TOO_LARGE };
  if (code === 'FST_FILES_LIMIT') return { code: 400, message: 'Please upload one file at a time.' };
  return { code: 400, message: 'The upload did not arrive complete. Please try again.' };
}

/** POST /api/uploads: one file, checked by its bytes, kept until a form submission claims it. */
export async function uploadRoutes(app: FastifyInstance) {
  app.post(
    '/api/uploads',
    {
      config: { access: 'public' },
      schema: {
        response: {
          201: {
            type: 'object',
            required: ['id', 'name', 'size', 'type'],
            properties: { id: { type: 'string' }, name: { type: 'string' }, size: { type: 'integer' }, type: { type: 'string' } },
          },
          400: errorList,
          413: errorList,
          429: errorList,
        },
      },
    },
    async (request, reply) => {
      const limit = await hit(app.db, `uploads:${request.ip}`, UPLOADS_PER_MINUTE);
      if (!limit.allowed) reply.header('retry-after', String(limit.retryAfter));
      const { code, body } = !limit.allowed
        ? failure(429, `Too many uploads. Please try again in ${limit.retryAfter} seconds.`, '')
        : await receive(app, request);
      return reply.code(code).send(body);
    },
  );
}

/** Reads the request's parts, then keeps the file or removes every byte of it before anything is answered. */
async function receive(app: FastifyInstance, request: FastifyRequest): Promise<Outcome> {
  if (!request.isMultipart()) return failure(400, NO_FILE);
  let kind = 'resume';
  let name = '';
  let staged: StagedUpload | undefined;
  try {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'kind') kind = String(part.value);
        } else if (part.fieldname === 'file' && !staged) {
          name = cleanName(part.filename);
          staged = await stageUpload(app.config.dataDir, part.file, MAX_UPLOAD_BYTES);
        } else {
          part.file.resume(); // a part we do not want still has to be read for the request to finish
        }
      }
    } catch (error) {
      if ((error as { syscall?: string }).syscall) throw error; // the disk failed, not the request: a 500
      const { code, message } = partsError(error);
      return failure(code, message);
    }

    if (!isUploadKind(kind)) return failure(400, 'Unknown upload kind.', 'kind');
    if (!staged || (staged.size === 0 && !staged.tooLarge)) return failure(400, NO_FILE);
    if (staged.tooLarge) return failure(413, TOO_LARGE);
    const type = await detectStagedType(staged);
    const allowed = ALLOWED_TYPES[kind];
    if (!type || !allowed.types.includes(type)) return failure(400, allowed.message);

    const mediaType = MEDIA_TYPES[type];
    const id = await saveUpload(app.db, staged, { kind, originalName: name, mediaType });
    const size = staged.size;
    staged = undefined; // kept: nothing to clean up
    return { code: 201, body: { id, name, size, type: mediaType } };
  } finally {
    if (staged) await discardUpload(staged);
  }
}
