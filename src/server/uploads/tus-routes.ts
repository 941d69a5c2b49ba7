import fp from 'fastify-plugin';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Server, type Upload } from '@tus/server';
import { UploadedFile, type UploadKind } from '../../shared/api/uploads';
import { RESUMABLE_UPLOADS_PATH } from '../../shared/api/resumable-uploads';
import type { ErrorBody } from '../../shared/api/error-body';
import { perMinute } from '../http/rate-limits';
import { errorBody, sendError } from '../http/error-reply';
import { ALLOWED_TYPES, isUploadKind } from './file-type';
import { discardUpload, stageUpload, type StagedUpload } from './staging';
import { checkUploadQuota } from './store';
import { cleanUploadName } from './upload-name';
import { DatabaseTusStore } from './tus-store';
import { tooLarge } from './upload-messages';
import { checkAndSave, quotaRefusal, uploadLimits, type UploadRefusal } from './check-and-save';

/**
 * Creating an upload counts as POST /api/uploads does. Chunks double from 256 KB, so a 5 MB file takes five PATCHes:
 * the limit on chunk, offset and cancel requests leaves room for many pauses and retries.
 */
const UPLOADS_PER_MINUTE = 20;
const CHUNK_REQUESTS_PER_MINUTE = 240;

/** What @tus/server answers when a hook throws: its status and body, here in the one error shape. */
interface TusRefusal {
  status_code: number;
  body: string;
}

const refusal = (status: number, message: string, field = 'file'): TusRefusal => ({
  status_code: status,
  body: JSON.stringify(errorBody(message, [{ field, message }])),
});

/** tus's own refusals are plain text for developers; a visitor reads these. */
function visitorMessage(status: number, text: string): string {
  if (status === 404 || status === 410) return 'This upload is no longer on the server. Please choose the file again.';
  if (status === 409) return 'The upload got out of step with the server. Please choose the file again.';
  return text.trim() || 'The upload failed. Please try again.';
}

/**
 * The tus protocol at /api/uploads/tus (@tus/server), for files sent in chunks that survive a pause or a dropped
 * connection. The parts wait in the database (DatabaseTusStore). Once the last byte arrives, the file goes through
 * the checks of POST /api/uploads (the kind's size limit, its type by its bytes, the quotas) and is saved as the same
 * unclaimed upload a form claims by id; the parts are removed whatever the outcome, so a refused file leaves nothing.
 * Unfinished uploads past the unclaimed lifetime go in the database's housekeeping (sweepExpired).
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  // @tus/server hands its hooks the Request this plugin built: these say who sent it and what to add to the answer.
  const senders = new WeakMap<Request, FastifyRequest>();
  /** The address that announced each upload, from onUploadCreate until the store has recorded it. */
  const creators = new Map<string, string>();
  const store = new DatabaseTusStore(app.db, app.config.unclaimedUploadMinutes * 60_000, (id) => {
    const ip = creators.get(id) ?? '';
    creators.delete(id);
    return ip;
  });
  const retryAfter = new WeakMap<Request, number>();
  /** A refusal of the checks POST /api/uploads shares, as tus answers it; a quota's Retry-After is added later. */
  const refuse = (req: Request, { status, message, field, retryAfter: seconds }: UploadRefusal): TusRefusal => {
    if (seconds) retryAfter.set(req, seconds);
    return refusal(status, message, field);
  };
  const clientIp = (req: Request) => senders.get(req)?.ip ?? '';

  const tus = new Server({
    path: RESUMABLE_UPLOADS_PATH,
    datastore: store,
    relativeLocation: true,
    // Same origin only: no Access-Control-Allow-Origin, so another site's page cannot read an answer.
    allowedOrigins: [],
    async onUploadCreate(req, upload) {
      const kind = upload.metadata?.kind ?? 'resume';
      if (!isUploadKind(kind)) throw refusal(400, 'Unknown upload kind.', 'kind');
      // Resumable uploads are for what visitors send, with no session checked; admins' images go through POST /api/uploads.
      if (ALLOWED_TYPES[kind].adminOnly) throw refusal(403, 'You do not have permission to do that.', '');
      const size = upload.size ?? 0;
      if (size === 0) throw refusal(400, 'Please choose a file.');
      if (size > ALLOWED_TYPES[kind].maxBytes) throw refusal(413, tooLarge(ALLOWED_TYPES[kind].maxBytes));
      // A look before any byte is sent; saveUpload checks again, under its lock, once the file is complete.
      const quota = await checkUploadQuota(app.db, clientIp(req), size, uploadLimits(app));
      if (quota) throw refuse(req, quotaRefusal(quota));
      creators.set(upload.id, clientIp(req));
      return { metadata: { kind, filename: cleanUploadName(upload.metadata?.filename ?? undefined) } };
    },
    async onUploadFinish(req, upload) {
      const saved = await finish(req, upload);
      return { status_code: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(saved) };
    },
  });

  /** Stages the finished upload, drops its parts, then checks and saves it exactly as POST /api/uploads does. */
  async function finish(req: Request, upload: Upload): Promise<UploadedFile> {
    const kind = (upload.metadata?.kind ?? 'resume') as UploadKind;
    let staged: StagedUpload | undefined;
    try {
      staged = await stageUpload(app.config.dataDir, store.read(upload.id), ALLOWED_TYPES[kind].maxBytes);
    } finally {
      await store.remove(upload.id).catch(() => undefined);
    }
    try {
      // Parts that do not add up to the length declared at creation are refused as a file past the limit is.
      const checked = staged.size === upload.size ? staged : { ...staged, tooLarge: true };
      const meta = { kind, originalName: upload.metadata?.filename ?? 'upload', clientIp: clientIp(req) };
      const outcome = await checkAndSave(app, checked, meta);
      if ('refused' in outcome) throw refuse(req, outcome.refused);
      return outcome.saved;
    } finally {
      await discardUpload(staged);
    }
  }

  /** Hands the request to @tus/server as a web Request and sends its Response through Fastify (hooks, headers). */
  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
    const req = new Request(new URL(request.url, 'http://localhost'), {
      method: request.method,
      headers,
      // Only a PATCH carries bytes here; the content-type parser below left its stream unread.
      body: request.method === 'PATCH' ? (Readable.toWeb(request.raw) as ReadableStream<Uint8Array>) : undefined,
      duplex: 'half',
    } as RequestInit);
    senders.set(req, request);
    const response = await tus.handleWeb(req);
    const text = await response.text();
    response.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'content-type' && name !== 'connection') reply.header(name, value);
    });
    if (response.status >= 400) {
      const seconds = retryAfter.get(req);
      if (seconds) reply.header('retry-after', String(seconds));
      const body = parseErrorBody(text);
      if (body) return sendError(reply, response.status, body.error, body.errors);
      return sendError(reply, response.status, visitorMessage(response.status, text));
    }
    reply.code(response.status);
    // Only the PATCH that completes an upload has a body: the saved upload.
    return text ? reply.send(JSON.parse(text) as UploadedFile) : reply.send();
  }

  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const Params = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{32}$' }) });
  const creation = { access: 'public' as const, body: 'tus' as const, rateLimit: perMinute(UPLOADS_PER_MINUTE, 'uploads') };
  const chunks = {
    access: 'public' as const,
    body: 'tus' as const,
    rateLimit: perMinute(CHUNK_REQUESTS_PER_MINUTE, 'upload requests', { groupId: 'tus' }),
  };
  app.post(RESUMABLE_UPLOADS_PATH, { config: creation, schema: { response: { 201: Type.Null() } } }, handle);
  app.options(RESUMABLE_UPLOADS_PATH, { config: chunks, schema: { response: { 204: Type.Null() } } }, handle);
  app.route({
    method: ['HEAD', 'DELETE'],
    url: `${RESUMABLE_UPLOADS_PATH}/:id`,
    config: chunks,
    schema: { params: Params, response: { 200: Type.Null(), 204: Type.Null() } },
    handler: handle,
  });
  app.patch(
    `${RESUMABLE_UPLOADS_PATH}/:id`,
    { config: chunks, schema: { params: Params, response: { 200: UploadedFile, 204: Type.Null() } } },
    handle,
  );
};

function parseErrorBody(text: string): ErrorBody | undefined {
  try {
    const body = JSON.parse(text) as Partial<ErrorBody> | null;
    return typeof body?.error === 'string' && Array.isArray(body.errors) ? (body as ErrorBody) : undefined;
  } catch {
    return undefined;
  }
}

export const tusUploadRoutes = fp(routes, { name: 'tus-uploads', dependencies: ['database'], encapsulate: true });
