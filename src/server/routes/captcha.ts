import type { FastifyInstance } from 'fastify';

/** The captcha's public configuration and, for ALTCHA, its challenges. */
export async function captchaRoutes(app: FastifyInstance) {
  app.get(
    '/api/captcha/config',
    { schema: { response: { 200: { type: 'object', required: ['mode'], properties: { mode: { type: 'string' }, siteKey: { type: 'string' } } } } } },
    async () => app.captcha.publicConfig(),
  );
}
