import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Dashboard } from '../../shared/api/dashboard';
import { ADMIN_ROLES } from '../../shared/roles';
import { dashboard } from './store';

/** GET /api/admin/dashboard. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/admin/dashboard', { config: { access: ADMIN_ROLES }, schema: { response: { 200: Dashboard } } }, async () =>
    dashboard(app.db, (formId) => app.formCatalog.forms.get(formId)?.definition.title ?? formId),
  );
};

export const dashboardRoutes = fp(routes, { name: 'dashboard', dependencies: ['database', 'forms'], encapsulate: true });
