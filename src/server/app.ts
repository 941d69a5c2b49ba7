import { join } from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import { sitePages } from './site/routes';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import databasePlugin from './plugins/database';
import siteConfigPlugin from './site-config/plugin';
import leadRoutingPlugin from './lead-routing/plugin';
import { leadRoutingRoutes } from './lead-routing/routes';
import leadClockPlugin from './lead-clock/plugin';
import captchaPlugin from './captcha/plugin';
import pageSource from './page-source/plugin';
import formsPlugin from './forms/plugin';
import housekeeping from './housekeeping/plugin';
import { uploadRoutes } from './uploads/routes';
import { tusUploadRoutes } from './uploads/tus-routes';
import outboxPlugin from './outbox/plugin';
import authPlugin from './auth/plugin';
import { authRoutes } from './auth/routes';
import { leadRoutes } from './leads/routes';
import { leadDigestRoutes } from './lead-clock/routes';
import { peopleRoutes } from './people/routes';
import { userRoutes } from './users/routes';
import { candidateRoutes } from './candidates/routes';
import { recruiterRequestRoutes } from './recruiter-requests/routes';
import { teamRoutes } from './team/routes';
import { dashboardRoutes } from './dashboard/routes';
import { jobRoutes } from './jobs/routes';
import { pipelineRoutes } from './pipeline/routes';
import { placementRoutes } from './placements/routes';
import { complaintRoutes } from './complaints/routes';
import { blogRoutes } from './blogs/routes';
import { vitalsRoutes } from './vitals/routes';
import pageEditor from './page-editor/plugin';
import { pageImageRoutes } from './page-images/routes';
import { dataRequestRoutes } from './data-requests/routes';
import requestGuards from './http/request-guards';
import { healthRoutes } from './health/routes';
import errorHandling from './http/error-handling';
import rateLimits from './http/rate-limits';
import { collectRegisteredRoutes } from './http/registered-routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
  }
}

export interface AppOptions {
  config: ServerConfig;
  logger?: FastifyServerOptions['logger'];
  /** An open database to use instead of the one the configuration names (tests share one). */
  db?: Database;
  /** Serve the built site too; API tests leave it out. */
  site?: boolean;
}

const securityHeaders = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  // No inline scripts and no eval: form validators are precompiled at build time. The ALTCHA worker is a file of
  // this origin; the Google paths are reCAPTCHA's script and frame (used only when its keys are set).
  'content-security-policy':
    "default-src 'self'; script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/; " +
    'frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/; ' +
    "style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; " +
    "font-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
};

/** The one server: the built site and, as features land, the API, in the same process. */
export async function buildApp({ config, logger = false, db, site = true }: AppOptions) {
  // Opening the database may retry an unreachable PostgreSQL for databaseConnectTimeoutS: the plugin may take that long.
  const app = Fastify({ logger, trustProxy: config.trustProxy, pluginTimeout: (config.databaseConnectTimeoutS + 30) * 1000 });
  app.decorate('config', config);
  collectRegisteredRoutes(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(securityHeaders);
  });
  await app.register(databasePlugin, { db });
  await app.register(errorHandling);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(requestGuards);
  await app.register(rateLimits);
  await app.register(healthRoutes);
  // A server of the built site reads the pages a submission names from the build (what its visitors were shown).
  const pagesFrom = site ? { build: config.distDir } : undefined;
  await app.register(siteConfigPlugin, { pagesFrom });
  await app.register(leadRoutingPlugin, { pagesFrom });
  await app.register(authPlugin);
  await app.register(captchaPlugin);
  await app.register(pageSource);
  await app.register(formsPlugin, { pagesFrom });
  await app.register(leadClockPlugin);
  await app.register(housekeeping);
  await app.register(uploadRoutes);
  await app.register(tusUploadRoutes);
  await app.register(outboxPlugin);
  for (const routes of [
    authRoutes,
    leadRoutes,
    peopleRoutes,
    leadDigestRoutes,
    dashboardRoutes,
    userRoutes,
    candidateRoutes,
    recruiterRequestRoutes,
    teamRoutes,
  ]) {
    await app.register(routes);
  }
  for (const routes of [jobRoutes, pipelineRoutes, placementRoutes, complaintRoutes, blogRoutes, vitalsRoutes, dataRequestRoutes])
    await app.register(routes);
  await app.register(pageEditor);
  await app.register(pageImageRoutes);
  await app.register(leadRoutingRoutes);
  if (!site) return app;
  const { distDir } = config;
  await app.register(fastifyStatic, {
    root: join(distDir, 'client'),
    index: false,
    wildcard: false,
    // The build writes .br and .gz beside scripts, styles and images (src/build/precompressed-assets.ts).
    preCompressed: true,
    setHeaders(reply, path) {
      // Vite names assets by content hash, so they never change under the same name.
      if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  await app.register(sitePages, { distDir });
  return app;
}
