import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fastifyMultipart from '@fastify/multipart';
import { UploadedFile } from '../../shared/api/uploads';
import { isAdmin } from '../../shared/roles';
import { perMinute } from '../http/rate-limits';
import { sendError } from '../http/error-reply';
import { userForToken } from '../auth/store';
import { ALLOWED_TYPES, MAX_UPLOAD_BYTES, isUploadKind } from './file-type';
import { discardUpload, stageUpload, type StagedUpload } from './staging';
import { cleanUploadName } from './upload-name';
import { tooLarge } from './upload-messages';
import { checkAndSave, refuseUpload, type UploadOutcome } from './check-and-save';

const UPLOADS_PER_MINUTE = 20;

const TOO_LARGE = tooLarge(MAX_UPLOAD_BYTES);
const NO_FILE = 'Please choose a file.';

/** The session as the auth plugin reads it: a bearer token or the jwt_token cookie. */
async function sessionRole(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : request.cookies.jwt_token;
  return token ? ((await userForToken(app.db, token))?.role ?? null) : null;
}

/** What a multipart error means to the visitor who sent the request. */
function partsError(error: unknown): UploadOutcome {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return refuseUpload(413, TOO_LARGE);
  if (code === 'FST_FILES_LIMIT') return refuseUpload(400, 'Please upload one file at a time.');
  return refuseUpload(400, 'The upload did not arrive complete. Please try again.');
}

/**
 * POST /api/uploads: one file, checked by its bytes, kept until a form submission claims it. Multipart parsing is
 * registered in this plugin's own scope: every other route keeps taking JSON only.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(fastifyMultipart, {
    // One byte over the limit, so a file of exactly 5 MB passes and a larger one is seen as larger.
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
  });

  app.post(
    '/api/uploads',
    {
      config: { access: 'public', body: 'multipart', rateLimit: perMinute(UPLOADS_PER_MINUTE, 'uploads') },
      schema: { response: { 201: UploadedFile } },
    },
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
async function receive(app: FastifyInstance, request: FastifyRequest): Promise<UploadOutcome> {
  if (!request.isMultipart()) return refuseUpload(400, NO_FILE);
  let kind = 'resume';
  let name = '';
  let staged: StagedUpload | undefined;
  let role: string | null | undefined;
  const refusal = async (): Promise<UploadOutcome | undefined> => {
    // The route is public for visitors' resumes; an admin-only kind takes an admin's session.
    if (!isUploadKind(kind) || !ALLOWED_TYPES[kind].adminOnly) return undefined;
    role ??= await sessionRole(app, request);
    if (role === null) return refuseUpload(401, 'Please log in to continue.', '');
    return isAdmin(role) ? undefined : refuseUpload(403, 'You do not have permission to do that.', '');
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

    if (!isUploadKind(kind)) return refuseUpload(400, 'Unknown upload kind.', 'kind');
    const refused = await refusal();
    if (refused) return refused;
    if (!staged || (staged.size === 0 && !staged.tooLarge)) return refuseUpload(400, NO_FILE);
    // A kind named after its file was staged with the general limit: checkAndSave holds it to its own.
    return await checkAndSave(app, staged, { kind, originalName: name, clientIp: request.ip });
  } finally {
    if (staged) await discardUpload(staged);
  }
}

export const uploadRoutes = fp(routes, { name: 'uploads', dependencies: ['database'], encapsulate: true });
