import fp from 'fastify-plugin';
import type { SiteConfig } from '../../shared/generated/site-config';
import type { PagesFrom } from '../site/pages-on-disk';
import { loadSiteConfig } from './load-site-config';

declare module 'fastify' {
  interface FastifyInstance {
    /** pages/site.json: the brand, the site's address, contact details, mailboxes, privacy and retention. */
    siteConfig: SiteConfig;
  }
}

/** The site's configuration, read once at start from the same folder as the forms (pages/, or the one given). */
export default fp<{ pagesFrom?: PagesFrom }>(
  async (app, { pagesFrom }) => {
    app.decorate('siteConfig', await loadSiteConfig(pagesFrom));
  },
  { name: 'site-config' },
);
