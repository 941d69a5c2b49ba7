import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Dashboard, DashboardTrends } from '../../shared/api/dashboard';
import { ADMIN_ROLES } from '../../shared/roles';
import { dashboard } from './store';
import { dashboardTrends } from './trends-store';

/** GET /api/admin/dashboard, and its charts apart, so the counts show while the charts' code and figures load. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/admin/dashboard', { config: { access: ADMIN_ROLES }, schema: { response: { 200: Dashboard } } }, async () =>
    dashboard(app.db, (formId) => app.formCatalog.forms.get(formId)?.definition.title ?? formId),
  );
  app.get('/api/admin/dashboard/trends', { config: { access: ADMIN_ROLES }, schema: { response: { 200: DashboardTrends } } }, async () =>
    dashboardTrends(app.db),
  );
};

export const dashboardRoutes = fp(routes, { name: 'dashboard', dependencies: ['database', 'forms'], encapsulate: true });
