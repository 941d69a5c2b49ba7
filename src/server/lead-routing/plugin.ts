import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { LeadRouting } from '../../shared/generated/lead-routing';
import { pagesDir, sourceDirOf, type PagesFrom } from '../site/pages-on-disk';

declare module 'fastify' {
  interface FastifyInstance {
    /** pages/lead-routing.json: the teams new leads go to, and the rules that choose one. */
    leadRouting: LeadRouting;
  }
}

/** The routing rules, read once at start from the folder of the forms (npm run validate checks them). */
export default fp<{ pagesFrom?: PagesFrom }>(
  async (app, { pagesFrom }) => {
    const file = join(sourceDirOf(pagesFrom ?? { files: pagesDir }), 'lead-routing.json');
    app.decorate('leadRouting', JSON.parse(await readFile(file, 'utf8')) as LeadRouting);
  },
  { name: 'lead-routing' },
);
