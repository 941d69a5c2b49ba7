import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fastifyMultipart from '@fastify/multipart';
import { UploadedFile, type UploadKind } from '../../shared/api/uploads';
import { isAdmin } from '../../shared/roles';
import { perMinute } from '../http/rate-limits';
import { sendError } from '../http/error-reply';
import { userForToken } from '../auth/store';
import { ALLOWED_TYPES, MAX_UPLOAD_BYTES, MEDIA_TYPES, isUploadKind } from './file-type';
import { detectStagedType, discardUpload, stageUpload, type StagedUpload } from './staging';
import { saveUpload, type QuotaRefusal, type UploadLimits } from './store';
import { blobStoreFor } from './blob-store';
import { cleanUploadName } from './upload-name';
import { quotaMessage, tooLarge } from './upload-messages';

const UPLOADS_PER_MINUTE = 20;

const TOO_LARGE = tooLarge(MAX_UPLOAD_BYTES);
const NO_FILE = 'Please choose a file.';

/** Kinds only a logged-in admin may upload (team avatars, blog covers); the route is public for visitors' resumes. */
const ADMIN_KINDS: readonly UploadKind[] = ['avatar', 'blog-cover'];

/** The session as the auth plugin reads it: a bearer token or the jwt_token cookie. */
async function sessionRole(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : request.cookies.jwt_token;
  return token ? ((await userForToken(app.db, token))?.role ?? null) : null;
}

type Refusal = { status: 400 | 401 | 403 | 413 | 429 | 507; message: string; field: string; retryAfter?: number };
type Outcome = { saved: UploadedFile } | { refused: Refusal };

const refuse = (status: Refusal['status'], message: string, field = 'file'): Outcome => ({ refused: { status, message, field } });

/** The quotas and lifetime of unclaimed uploads, as configured. */
function uploadLimits({ config }: FastifyInstance): UploadLimits {
  return {
    perAddressBytes: config.uploadQuotaPerAddressBytes,
    totalBytes: config.uploadQuotaTotalBytes,
    unclaimedMinutes: config.unclaimedUploadMinutes,
  };
}

/** 429 for one sender's quota (their own uploads expire or get sent), 507 when the site as a whole is full. */
function quotaRefusal(refusal: QuotaRefusal): Outcome {
  if (refusal.scope === 'global') return refuse(507, quotaMessage(refusal));
  return { refused: { status: 429, message: quotaMessage(refusal), field: 'file', retryAfter: refusal.retryAfter } };
}

/** What a multipart error means to the visitor who sent the request. */
function partsError(error: unknown): Outcome {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return refuse(413, TOO_LARGE);
  if (code === 'FST_FILES_LIMIT') return refuse(400, 'Please upload one file at a time.');
  return refuse(400, 'The upload did not arrive complete. Please try again.');
}

/**
 * POST /api/uploads: one file, checked by its bytes, kept until a form submission claims it. Multipart parsing is
 * registered in this plugin's own scope: every other route keeps taking JSON only.
 */
export const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(fastifyMultipart, {
    // One byte over the limit, so a file of exactly 5 MB passes and a larger one is seen as larger.
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
  });

  app.post(
    '/api/uploads',
    { config: { access: 'public', rateLimit: perMinute(UPLOADS_PER_MINUTE, 'uploads') }, schema: { response: { 201: UploadedFile } } },
    async (request, reply) => {
      const outcome = await receive(app, request);
      if ('saved' in outcome) return reply.code(201).send(outcome.saved);
      const { status, message, field, retryAfter } = outcome.refused;
      if (retryAfter) reply.header('retry-after', String(retryAfter));
      return sendError(reply, status, message, [{ field, message }]);
    },
  );
};

/** Reads the request's parts, then keeps the file or removes every byte of it before anything is answered. */
async function receive(app: FastifyInstance, request: FastifyRequest): Promise<Outcome> {
  if (!request.isMultipart()) return refuse(400, NO_FILE);
  let kind = 'resume';
  let name = '';
  let staged: StagedUpload | undefined;
  let role: string | null | undefined;
  const refusal = async (): Promise<Outcome | undefined> => {
    if (!ADMIN_KINDS.includes(kind as UploadKind)) return undefined;
    role ??= await sessionRole(app, request);
    if (role === null) return refuse(401, 'Please log in to continue.', '');
    return isAdmin(role) ? undefined : refuse(403, 'You do not have permission to do that.', '');
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
      return partsError(error);
    }

    if (!isUploadKind(kind)) return refuse(400, 'Unknown upload kind.', 'kind');
    const refused = await refusal();
    if (refused) return refused;
    const allowed = ALLOWED_TYPES[kind];
    if (!staged || (staged.size === 0 && !staged.tooLarge)) return refuse(400, NO_FILE);
    // A kind named after its file was staged with the general limit: its own may be lower.
    if (staged.tooLarge || staged.size > allowed.maxBytes) return refuse(413, tooLarge(allowed.maxBytes));
    const type = await detectStagedType(staged);
    if (!type || !allowed.types.includes(type)) return refuse(400, allowed.message);

    const mediaType = MEDIA_TYPES[type];
    const store = blobStoreFor(app.config, app.db);
    const saved = await saveUpload(app.db, store, staged, { kind, originalName: name, mediaType, clientIp: request.ip }, uploadLimits(app));
    if (!saved.saved) return quotaRefusal(saved.refusal);
    return { saved: { id: saved.id, name, size: staged.size, type: mediaType } };
  } finally {
    if (staged) await discardUpload(staged);
  }
}
