import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

/** The portal's error answer: one message to show. */
export const errorSchema = { type: 'object', required: ['error'], properties: { error: { type: 'string' } } } as const;

export const errorResponses = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema } as const;

export const uuidParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid' } },
} as const;

export const pageQuery = {
  page: { type: 'integer', minimum: 1, maximum: 10000, default: 1 },
  pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
} as const;

export const fail = (reply: FastifyReply, code: number, error: string) => reply.code(code).send({ error });

/** Nullable timestamps as ISO strings, the same from PGlite and node-postgres. */
export const iso = (value: Date | string | null | undefined) => (value == null ? null : new Date(value).toISOString());

/**
 * Inside a portal route plugin: requests its schemas refuse, and failures, answer { error } as the portal shows
 * them, not the form API's { errors } list.
 */
export function portalErrors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const [first] = error.validation;
      const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty;
      if (first.keyword === 'required' && missing) return fail(reply, 400, `${missing} is required.`);
      const where = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
      return fail(reply, 400, where ? `${where} ${first.message}` : (first.message ?? 'Invalid request.'));
    }
    if (error.statusCode && error.statusCode < 500) return fail(reply, error.statusCode, error.message);
    request.log.error(error);
    return fail(reply, 500, 'Something went wrong on our side. Please try again.');
  });
}
