import fp from 'fastify-plugin';
import { loadFormCatalog, type FormCatalog } from './form-catalog';
import type { PagesFrom } from '../site/pages-on-disk';
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
    const catalog = await loadFormCatalog(app.siteConfig, pagesFrom);
    app.decorate('formCatalog', catalog);
    // The pages the server started with; a page published in the editor comes before its file (page-source).
    app.pageSource.provide('files', catalog.page);
    await app.register(formRoutes);
    await app.register(consentRoutes);
  },
  { name: 'forms', dependencies: ['database', 'captcha', 'site-config', 'lead-routing', 'page-source'] },
);
