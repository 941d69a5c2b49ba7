import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { sendError } from './error-reply';
import { isCrossOrigin } from './same-origin';
import { unsafeTextPaths } from './unsafe-text';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the route's state-changing requests carry: JSON unless it says otherwise, a file as multipart, or a
     * resumable upload's tus headers and bytes.
     */
    body?: 'json' | 'multipart' | 'tus';
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TUS_BYTES = 'application/offset+octet-stream';
const HSTS = 'max-age=31536000; includeSubDomains';

export const CROSS_ORIGIN_MESSAGE = 'This request came from another website and was refused. Please use this site directly.';
export const UNSAFE_TEXT_MESSAGE = 'Please remove the invisible or broken characters from this field.';

const isApi = (request: FastifyRequest) => (request.routeOptions.url ?? request.url).startsWith('/api/');

/**
 * A resumable upload's request: it carries Tus-Resumable, a header no form or no-cors fetch of another site can send
 * (it needs CORS, which is never granted), and bytes only in a PATCH, as application/offset+octet-stream.
 */
function tusRequestProblem(request: FastifyRequest, mediaType: string): { status: number; message: string } | undefined {
  if (!request.headers['tus-resumable']) return { status: 412, message: 'This request must carry the Tus-Resumable header.' };
  if (request.method === 'PATCH' ? mediaType === TUS_BYTES : mediaType === '' || mediaType === TUS_BYTES) return undefined;
  return { status: 415, message: `This request must be sent as ${TUS_BYTES}.` };
}

/** Bodies name form fields under data; errors name the field alone, as the browser shows it. */
const fieldName = (path: string) => path.replace(/^data\./, '');

/**
 * What every API request must be before a route sees it: not sent by another site's page (no CSRF: a text/plain form
 * or a cookie-carrying fetch from another origin changes nothing), JSON (or multipart where files go up), free of
 * text the database cannot store (a resumable upload: tus's headers and bytes); and what every answer carries: HSTS over https, no caching of private answers.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (isApi(request) && STATE_CHANGING.has(request.method) && isCrossOrigin(request))
        return sendError(reply, 403, CROSS_ORIGIN_MESSAGE);
    });

    // After the access check (route onRequest) so a stranger still learns only 401/403, and after parsing.
    app.addHook('preValidation', async (request, reply) => {
      if (!isApi(request)) return;
      if (STATE_CHANGING.has(request.method)) {
        // A form of another site can send text/plain, urlencoded or multipart without asking; only JSON needs CORS.
        const [mediaType = ''] = (request.headers['content-type'] ?? '').split(';');
        const type = mediaType.trim().toLowerCase();
        const body = request.routeOptions.config?.body ?? 'json';
        if (body === 'tus') {
          const problem = tusRequestProblem(request, type);
          if (problem) return sendError(reply, problem.status, problem.message);
        } else {
          const expected = body === 'multipart' ? 'multipart/form-data' : 'application/json';
          if (type !== expected) return sendError(reply, 415, `This request must be sent as ${expected}.`);
        }
      }
      const fields = [request.query, request.params, request.body].flatMap((part) => unsafeTextPaths(part));
      if (fields.length)
        return sendError(
          reply,
          400,
          UNSAFE_TEXT_MESSAGE,
          fields.map((field) => ({ field: fieldName(field), message: UNSAFE_TEXT_MESSAGE })),
        );
    });

    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      if (!isApi(request)) return;
      // Public answers may keep the caching their route chose (covers, avatars); everything else is never stored.
      const chosen = reply.getHeader('cache-control');
      const keep = chosen !== undefined && (request.routeOptions.config?.access === 'public' || String(chosen).includes('no-store'));
      if (!keep) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'request-guards' },
);
