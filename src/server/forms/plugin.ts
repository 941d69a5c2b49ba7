import fp from 'fastify-plugin';
import { loadFormCatalog, type FormCatalog, type PagesFrom } from './form-catalog';
import { formRoutes } from './routes';
import { consentRoutes } from './consent-routes';

declare module 'fastify' {
  interface FastifyInstance {
    formCatalog: FormCatalog;
  }
}

/**
 * The form API with the catalog of pages/. A server that serves the built site reads the
 * pages a submission names from the build (what its visitors were shown); otherwise from pages/.
 */
export default fp<{ pagesFrom?: PagesFrom }>(
  async (app, { pagesFrom }) => {
    app.decorate('formCatalog', await loadFormCatalog(pagesFrom));
    await app.register(formRoutes);
    await app.register(consentRoutes);
  },
  { name: 'forms', dependencies: ['database', 'captcha'] },
);
