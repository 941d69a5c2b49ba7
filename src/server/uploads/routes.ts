import type { FastifyInstance, FastifyRequest } from 'fastify';
import { perMinute } from '../http/rate-limits';
import { userForToken } from '../auth/sessions';
import { ALLOWED_TYPES, MAX_UPLOAD_BYTES, MEDIA_TYPES, isUploadKind, type UploadKind } from './file-type';
import { detectStagedType, discardUpload, saveUpload, stageUpload, type StagedUpload } from './store';
import { blobStoreFor } from './blob-store';
import { cleanUploadName } from './upload-name';
import { type QuotaRefusal, type UploadLimits } from './quota';

const UPLOADS_PER_MINUTE = 20;

const tooLarge = (maxBytes: number) => `The file is larger than ${maxBytes / (1024 * 1024)} MB.`;
const TOO_LARGE = tooLarge(MAX_UPLOAD_BYTES);

/** Kinds only a logged-in admin may upload (team avatars, blog covers); the route is public for visitors' resumes. */
const ADMIN_KINDS: readonly UploadKind[] = ['avatar', 'blog-cover'];

/** The session as the auth plugin reads it: a bearer token or the jwt_token cookie. */
async function sessionRole(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : request.cookies.jwt_token;
  return token ? ((await userForToken(app.db, token))?.role ?? null) : null;
}
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

type Outcome = { code: 201 | 400 | 401 | 403 | 413 | 429 | 507; body: unknown; retryAfter?: number };

const failure = (code: Outcome['code'], message: string, field = 'file'): Outcome => ({ code, body: { errors: [{ field, message }] } });

/** The quotas and lifetime of unclaimed uploads, as configured. */
function uploadLimits({ config }: FastifyInstance): UploadLimits {
  return { perAddressBytes: config.uploadQuotaPerAddressBytes, totalBytes: config.uploadQuotaTotalBytes, unclaimedMinutes: config.unclaimedUploadMinutes };
}

const inMinutes = (seconds: number) => (seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);

/** 429 for one sender's quota (their own uploads expire or get sent), 507 when the site as a whole is full. */
function quotaFailure(refusal: QuotaRefusal): Outcome {
  if (refusal.scope === 'global') return failure(507, 'We cannot accept files right now. Please try again later.');
  return {
    ...failure(429, `You have uploaded a lot of files that no form has used yet. Please send your form, or try again in ${inMinutes(refusal.retryAfter)}.`),
    retryAfter: refusal.retryAfter,
  };
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
      config: { access: 'public', rateLimit: perMinute(UPLOADS_PER_MINUTE, 'uploads') },
      schema: {
        response: {
          201: {
            type: 'object',
            required: ['id', 'name', 'size', 'type'],
            properties: { id: { type: 'string' }, name: { type: 'string' }, size: { type: 'integer' }, type: { type: 'string' } },
          },
          400: errorList,
          401: errorList,
          403: errorList,
          413: errorList,
          429: errorList,
          507: errorList,
        },
      },
    },
    async (request, reply) => {
      const { code, body, retryAfter } = await receive(app, request);
      if (retryAfter) reply.header('retry-after', String(retryAfter));
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
  let role: string | null | undefined;
  const refusal = async (): Promise<Outcome | undefined> => {
    if (!ADMIN_KINDS.includes(kind as UploadKind)) return undefined;
    role ??= await sessionRole(app, request);
    if (role === null) return failure(401, 'Please log in to continue.', '');
    return role === 'ADMIN' ? undefined : failure(403, 'You do not have permission to do that.', '');
  };
  try {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'kind') kind = String(part.value);
        } else if (part.fieldname === 'file' && !staged && !(await refusal())) {
          name = cleanUploadName(part.filename);
          const maxBytes = isUploadKind(kind) ? ALLOWED_TYPES[kind].maxBytes : MAX_UPLOAD_BYTES;
          staged = await stageUpload(app.config.dataDir, part.file, maxBytes);
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
    const refused = await refusal();
    if (refused) return refused;
    const allowed = ALLOWED_TYPES[kind];
    if (!staged || (staged.size === 0 && !staged.tooLarge)) return failure(400, NO_FILE);
    // A kind named after its file was staged with the general limit: its own may be lower.
    if (staged.tooLarge || staged.size > allowed.maxBytes) return failure(413, tooLarge(allowed.maxBytes));
    const type = await detectStagedType(staged);
    if (!type || !allowed.types.includes(type)) return failure(400, allowed.message);

    const mediaType = MEDIA_TYPES[type];
    const store = blobStoreFor(app.config, app.db);
    const saved = await saveUpload(app.db, store, staged, { kind, originalName: name, mediaType, clientIp: request.ip }, uploadLimits(app));
    if (!saved.saved) return quotaFailure(saved.refusal);
    return { code: 201, body: { id: saved.id, name, size: staged.size, type: mediaType } };
  } finally {
    if (staged) await discardUpload(staged);
  }
}
