import fp from 'fastify-plugin';
import { createHmac } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { perMinute } from '../http/rate-limits';
import { VitalsReport, VitalsSummary } from '../../shared/api/vitals';
import { ADMIN_ROLES } from '../../shared/roles';
import { VITALS, VITALS_WINDOW_DAYS, type VitalName } from '../../shared/web-vitals';
import { hourOf, recordVitals, senderKeyOf, vitalsSummary } from './store';
import { reportedPage } from './reported-page';

/** A page load sends one report; more than this a minute from one address is not a visitor reading pages. */
const REPORTS_PER_MINUTE = 30;

/** The first value of each vital in a report, those a real page load can measure: the rest would only skew a p75. */
function plausibleMetrics(metrics: VitalsReport['metrics']) {
  const kept = new Map<VitalName, number>();
  for (const { name, value } of metrics) if (!kept.has(name) && value <= VITALS[name].plausible) kept.set(name, value);
  return [...kept].map(([name, value]) => ({ name, value }));
}

/** Real-user Core Web Vitals: browsers report them, the admin dashboard reads their 75th percentiles. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  /** The current hour's sender key, as every process reads it from the database; read again when the hour turns. */
  let current: { hour: number; key: string } | undefined;
  const senderKey = async (hour: Date) => {
    if (current?.hour !== hour.getTime()) current = { hour: hour.getTime(), key: await senderKeyOf(app.db, hour) };
    return current.key;
  };

  app.post(
    '/api/vitals',
    {
      config: { access: 'public', rateLimit: perMinute(REPORTS_PER_MINUTE, 'reports') },
      bodyLimit: 2048,
      schema: { body: VitalsReport, response: { 204: { type: 'null' } } },
    },
    async (request, reply) => {
      const metrics = plausibleMetrics(request.body.metrics);
      if (metrics.length) {
        const hour = hourOf(new Date());
        const sender = createHmac('sha256', await senderKey(hour))
          .update(request.ip)
          .digest('base64url')
          .slice(0, 22);
        await recordVitals(app.db, { page: await reportedPage(app, request.body.page), metrics, hour, sender });
      }
      return reply.code(204).send(null);
    },
  );

  app.get('/api/vitals', { config: { access: ADMIN_ROLES }, schema: { response: { 200: VitalsSummary } } }, async () =>
    vitalsSummary(app.db, VITALS_WINDOW_DAYS),
  );
};

export const vitalsRoutes = fp(routes, { name: 'vitals', dependencies: ['database', 'forms'], encapsulate: true });
