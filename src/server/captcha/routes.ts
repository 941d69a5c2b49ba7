import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CaptchaChallenge, CaptchaConfig } from '../../shared/api/captcha';
import { isAltcha } from './altcha';

/** The captcha's public configuration and, for ALTCHA, its challenges. */
export const captchaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/captcha/config', { config: { access: 'public' }, schema: { response: { 200: CaptchaConfig } } }, async () =>
    app.captcha.publicConfig(),
  );

  app.get(
    '/api/captcha/challenge',
    { config: { access: 'public' }, schema: { response: { 200: CaptchaChallenge } } },
    async (_request, reply) => {
      // Each challenge is good once: never from a cache.
      reply.header('cache-control', 'no-store');
      const { captcha } = app;
      if (!isAltcha(captcha)) return reply.notFound('This server does not use ALTCHA.');
      return captcha.challenge();
    },
  );
};
