import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database';
import type { PageDocument } from '../../shared/generated/page-document';
import type { PublicPageRenderer, RenderedPublicPage } from '../site/public-page-html';
import { publishedPage, publishedRoutes, publishVersion, revision } from './store';
import { pageRedirects } from './moves-store';
import { currentPageVersion } from '../../shared/page-migrations/migrate-page';
import { isLocale, localizedRoute, type Locale } from '../../shared/locales';
import { asServed } from './published-languages';

const FIRST_READ_WAIT_MS = 1000;

export interface PublishedPages {
  /** The published HTML and document at an address (/about, /hi/about), or undefined when the site serves its file. */
  page(path: string): Promise<RenderedPublicPage | undefined>;
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
  /** Each address served from the database: its page's route, its language and the revision published there. */
  let routes = new Map<string, { route: string; locale: Locale; revisionId: string }>();
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
    routes = new Map(
      rows.flatMap((row) =>
        isLocale(row.locale)
          ? [[localizedRoute(row.route, row.locale), { route: row.route, locale: row.locale, revisionId: row.published_revision_id }]]
          : [],
      ),
    );
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
  const load = async (route: string, locale: Locale) => {
    const row = await publishedPage(db, route, locale);
    if (!row) return undefined;
    const id = row.published_revision_id;
    const shape = (JSON.parse(row.published_data) as { version?: unknown }).version;
    const asStored = shape === currentPageVersion && row.published_build === (await renderer.build());
    if (asStored) return { id, page: { html: row.published_html, data: row.published_data } };
    const published = await revision(db, route, id);
    if (!published) return undefined;
    const document = await asServed(db, renderer, route, published.document);
    return { id, page: await renderer.render(document as unknown as PageDocument, { locale }) };
  };

  return {
    async page(path) {
      await fresh();
      const served = routes.get(path);
      if (served === undefined) return undefined;
      const { route, locale, revisionId } = served;
      const held = pagesByRevision.get(`${revisionId} ${locale}`);
      if (held) return held;
      try {
        // Kept under the revision read, which a publish since the last check may have made newer than the one listed.
        const loaded = await load(route, locale);
        if (loaded) pagesByRevision.set(`${loaded.id} ${locale}`, loaded.page);
        return loaded?.page;
      } catch (error) {
        log.warn({ err: error }, `could not read the published page ${path}; serving its file`);
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
