import fp from 'fastify-plugin';
import type { LeadRouting } from '../../shared/generated/lead-routing';
import { readSourceDocument, type PagesFrom } from '../site/pages-on-disk';
import { fillPlaceholders, placeholderValues } from '../../shared/placeholders';
import { newestVersionId, routingVersion, type RoutingVersionRow } from './versions-store';

/** How often a process asks whether another saved the rules: one tiny query, whatever the traffic. */
export const ROUTING_CHECK_EVERY_MS = 2000;

/** The rules in force: the newest version saved in the portal, or the file while none was. */
export interface RoutingInForce {
  /** As written, placeholders and all: what the editor shows. */
  document: LeadRouting;
  /** The saved version, or null for pages/lead-routing.json. */
  version: Pick<RoutingVersionRow, 'saved_by_name' | 'saved_at' | 'note'> & { id: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The teams new leads go to and the rules that choose one, placeholders filled: the newest version admins saved
     * at /admin/lead-routing, else pages/lead-routing.json. A getter: read it when it is needed, not once at start.
     */
    readonly leadRouting: LeadRouting;
    leadRoutingSource: {
      /** pages/lead-routing.json as written: the rules of a fresh install. */
      file: LeadRouting;
      inForce(): { document: LeadRouting; version: RoutingInForce['version'] | null };
      /** Reads the newest version now (after this process saved one); others see it within ROUTING_CHECK_EVERY_MS. */
      refresh(): Promise<void>;
    };
  }
}

/**
 * The routing rules: the file, overridden by the newest version saved in the database. Each process checks the newest
 * version's id every two seconds and reads the version when it moved, so a save reaches every process behind one
 * PostgreSQL; should the database not answer, the rules it knew stay in force.
 */
export default fp<{ pagesFrom?: PagesFrom; checkEveryMs?: number }>(
  async (app, { pagesFrom, checkEveryMs = ROUTING_CHECK_EVERY_MS }) => {
    const file = await readSourceDocument<LeadRouting>('lead-routing.json', pagesFrom);
    // The clock's mails may name the brand: {brand} and the like come from pages/site.json.
    const filled = (document: LeadRouting) => fillPlaceholders(document, placeholderValues(app.siteConfig));
    let inForce: { document: LeadRouting; version: RoutingInForce['version'] | null } = { document: file, version: null };
    let routing = filled(file);

    const load = async () => {
      const id = await newestVersionId(app.db);
      // Versions are never removed: none saved, or the one known, leaves the rules as they are.
      if (id === null || id === inForce.version?.id) return;
      const row = await routingVersion(app.db, id);
      if (!row) return;
      inForce = { document: row.data, version: { id, saved_by_name: row.saved_by_name, saved_at: row.saved_at, note: row.note } };
      // A version saved before the WhatsApp messages were in the rules keeps the file's.
      routing = filled({ ...(file.whatsapp ? { whatsapp: file.whatsapp } : {}), ...row.data });
    };
    // One read at a time, in order: a refresh asked for after a save reads after any read already under way.
    let loading: Promise<void> = Promise.resolve();
    let pending = 0;
    const refresh = () => {
      pending++;
      loading = loading
        .then(load)
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not read the saved lead routing; the rules known stay in force'))
        .finally(() => {
          pending--;
        });
      return loading;
    };

    await load();
    app.decorate('leadRouting', { getter: () => routing });
    app.decorate('leadRoutingSource', { file, inForce: () => inForce, refresh });

    const timer = setInterval(() => {
      if (!pending) void refresh();
    }, checkEveryMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await loading;
    });
  },
  { name: 'lead-routing', dependencies: ['database', 'site-config'] },
);
