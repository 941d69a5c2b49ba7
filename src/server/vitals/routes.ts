import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { perMinute } from '../http/rate-limits';
import { VitalsReport, VitalsSummary } from '../../shared/api/vitals';
import { ADMIN_ROLES } from '../../shared/roles';
import { VITALS_WINDOW_DAYS } from '../../shared/web-vitals';
import { recordVitals, vitalsSummary } from './store';

/** A page load sends one report; more than this a minute from one address is not a visitor reading pages. */
const REPORTS_PER_MINUTE = 30;

/** Real-user Core Web Vitals: browsers report them, the admin dashboard reads their 75th percentiles. */
export const vitalsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/vitals',
    {
      config: { access: 'public', rateLimit: perMinute(REPORTS_PER_MINUTE, 'reports') },
      bodyLimit: 2048,
      schema: { body: VitalsReport, response: { 204: { type: 'null' } } },
    },
    async (request, reply) => {
      await recordVitals(app.db, request.body);
      return reply.code(204).send(null);
    },
  );

  app.get('/api/vitals', { config: { access: ADMIN_ROLES }, schema: { response: { 200: VitalsSummary } } }, async () =>
    vitalsSummary(app.db, VITALS_WINDOW_DAYS),
  );
};
