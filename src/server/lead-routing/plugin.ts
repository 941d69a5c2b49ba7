import fp from 'fastify-plugin';
import type { LeadRouting } from '../../shared/generated/lead-routing';
import { readSourceDocument, type PagesFrom } from '../site/pages-on-disk';
import { fillPlaceholders, placeholderValues } from '../../shared/placeholders';

declare module 'fastify' {
  interface FastifyInstance {
    /** pages/lead-routing.json: the teams new leads go to, and the rules that choose one. */
    leadRouting: LeadRouting;
  }
}

/** The routing rules, read once at start from the folder of the forms (npm run validate checks them). */
export default fp<{ pagesFrom?: PagesFrom }>(
  async (app, { pagesFrom }) => {
    const routing = await readSourceDocument<LeadRouting>('lead-routing.json', pagesFrom);
    app.decorate('leadRouting', fillPlaceholders(routing, placeholderValues(app.siteConfig)));
  },
  // The clock's mails may name the brand: {brand} and the like come from pages/site.json.
  { name: 'lead-routing', dependencies: ['site-config'] },
);
