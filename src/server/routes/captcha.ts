import type { FastifyInstance } from 'fastify';
import { isAltcha } from '../captcha/altcha';

const challengeSchema = {
  type: 'object',
  required: ['parameters', 'signature'],
  properties: {
    parameters: {
      type: 'object',
      required: ['algorithm', 'nonce', 'salt', 'cost', 'keyLength', 'keyPrefix', 'expiresAt'],
      properties: {
        algorithm: { type: 'string' },
        nonce: { type: 'string' },
        salt: { type: 'string' },
        cost: { type: 'integer' },
        keyLength: { type: 'integer' },
        keyPrefix: { type: 'string' },
        keySignature: { type: 'string' },
        memoryCost: { type: 'integer' },
        parallelism: { type: 'integer' },
        expiresAt: { type: 'integer' },
      },
      // The signature covers every parameter: one the serializer dropped would make every solution fail.
      additionalProperties: true,
    },
    signature: { type: 'string' },
  },
} as const;

const errorList = {
  type: 'object',
  properties: { errors: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } } } },
} as const;

/** The captcha's public configuration and, for ALTCHA, its challenges. */
export async function captchaRoutes(app: FastifyInstance) {
  app.get(
    '/api/captcha/config',
    { config: { access: 'public' }, schema: { response: { 200: { type: 'object', required: ['mode'], properties: { mode: { type: 'string' }, siteKey: { type: 'string' } } } } } },
    async () => app.captcha.publicConfig(),
  );

  app.get('/api/captcha/challenge', { config: { access: 'public' }, schema: { response: { 200: challengeSchema, 404: errorList } } }, async (_request, reply) => {
    // Each challenge is good once: never from a cache.
    reply.header('cache-control', 'no-store');
    const { captcha } = app;
    if (!isAltcha(captcha)) return reply.code(404).send({ errors: [{ field: '', message: 'This server does not use ALTCHA.' }] });
    return captcha.challenge();
  });
}
