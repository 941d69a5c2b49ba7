import { join } from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import { sitePages } from './routes/site-pages';

export interface AppOptions {
  distDir: string;
  logger?: FastifyServerOptions['logger'];
}

const securityHeaders = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  // No inline scripts and no eval: form validators are precompiled at build time.
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; " +
    "font-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
};

/** The one server: the built site and, as features land, the API, in the same process. */
export async function buildApp({ distDir, logger = false }: AppOptions) {
  const app = Fastify({ logger, trustProxy: true });
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(securityHeaders);
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyStatic, {
    root: join(distDir, 'client'),
    index: false,
    wildcard: false,
    setHeaders(reply, path) {
      // Vite names assets by content hash, so they never change under the same name.
      if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  await app.register(sitePages, { distDir });
  return app;
}
