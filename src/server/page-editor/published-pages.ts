import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database';
import type { PageDocument } from '../../shared/generated/page-document';
import type { PublicPageRenderer, RenderedPublicPage } from '../site/public-page-html';
import { publishedPage, publishedRoutes, publishVersion, revision } from './store';
import { pageRedirects } from './moves-store';
import { currentPageVersion } from '../../shared/page-migrations/migrate-page';

const FIRST_READ_WAIT_MS = 1000;

export interface PublishedPages {
  /** The published HTML and document of a route, or undefined when the site serves its file. */
  page(route: string): Promise<RenderedPublicPage | undefined>;
  /** Where a page renamed in the editor went from this, its old route; undefined when no page left it. */
  redirect(route: string): Promise<string | undefined>;
  /** This process published: read the list again now, so its next visitor gets the new page. */
  changed(): Promise<void>;
}

interface Log {
  warn(object: object, message: string): void;
}

/**
 * Pages published in the editor, as every process serving the site sees them. A process reads the publish counter
 * at most once per `checkEveryMs` (one small query a second, whatever the traffic) and, when it moved, the list of
 * published routes, in the background; a page's HTML is read when asked for and kept by revision. A publish is one update of the page's
 * row, so a visitor gets the old page or the new one, never a mix. If the database cannot be read, the site goes on
 * with what it knew, and pages no one published in the editor come from the build as always.
 */
export function publishedPages(db: Database, renderer: PublicPageRenderer, log: Log, checkEveryMs = 1000): PublishedPages {
  let version: string | undefined;
  let routes = new Map<string, string>();
  let redirects = new Map<string, string>();
  let checkedAt = 0;
  let checking: Promise<void> | undefined;
  const pagesByRevision = new LRUCache<string, RenderedPublicPage>({
    maxSize: 16 * 1024 * 1024,
    sizeCalculation: (page) => page.html.length + page.data.length,
  });

  const check = async () => {
    const current = await publishVersion(db);
    if (current === version) return;
    const [rows, moved] = await Promise.all([publishedRoutes(db), pageRedirects(db)]);
    routes = new Map(rows.map((row) => [row.route, row.published_revision_id]));
    redirects = new Map(moved.map((row) => [row.from_route, row.to_route]));
    version = current;
  };

  const refresh = () =>
    (checking ??= check()
      .catch((error: unknown) => log.warn({ err: error }, 'could not read the published pages; serving what was known'))
      .finally(() => {
        checkedAt = Date.now(); // after a failure too: a database that is down is asked again a second later
        checking = undefined;
      }));

  /**
   * Visitors never wait on the database for this: past the first read, a stale list is served while it is read
   * again in the background (a visitor a second later gets the new one). The first read waits a moment at most.
   */
  const fresh = async () => {
    if (Date.now() - checkedAt < checkEveryMs) return;
    const reading = refresh();
    if (version === undefined) await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, FIRST_READ_WAIT_MS))]);
  };

  /**
   * The stored HTML when this build made it from a document of the current shape; otherwise the document (migrated as
   * it is read) rendered again with this build's scripts.
   */
  const load = async (route: string) => {
    const row = await publishedPage(db, route);
    if (!row) return undefined;
    const id = row.published_revision_id;
    const shape = (JSON.parse(row.published_data) as { version?: unknown }).version;
    const asStored = shape === currentPageVersion && row.published_build === (await renderer.build());
    if (asStored) return { id, page: { html: row.published_html, data: row.published_data } };
    const published = await revision(db, route, id);
    return published && { id, page: await renderer.render(published.document as unknown as PageDocument) };
  };

  return {
    async page(route) {
      await fresh();
      const revisionId = routes.get(route);
      if (revisionId === undefined) return undefined;
      const held = pagesByRevision.get(revisionId);
      if (held) return held;
      try {
        // Kept under the revision read, which a publish since the last check may have made newer than the one listed.
        const loaded = await load(route);
        if (loaded) pagesByRevision.set(loaded.id, loaded.page);
        return loaded?.page;
      } catch (error) {
        log.warn({ err: error }, `could not read the published page ${route}; serving its file`);
        return undefined;
      }
    },
    async redirect(route) {
      await fresh();
      return redirects.get(route);
    },
    async changed() {
      await checking; // a read under way may have started before the publish
      await refresh();
    },
  };
}
