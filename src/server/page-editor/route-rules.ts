import { NEW_PAGE_ROUTE } from '../../shared/city-page';
import { reservedRoute } from '../../shared/page-files';
import { matchAppRoute } from '../../shared/route-match';
import { pageFileForRoute } from '../site/page-file-for-route';
import type { SourcePages } from '../site/source-pages';

/** The site's own route (every path not answered otherwise): pages live under it, so it refuses none. */
const SITE_ROUTE = '/*';

/** Whether a registered path (`/api/jobs/:id`, `/page-data/*`) answers a route; a wildcard answers its folder too. */
function answers(path: string, route: string): boolean {
  const want = path.split('/').slice(1);
  const have = route.split('/').slice(1);
  for (const [i, segment] of want.entries()) {
    if (segment === '*') return true;
    const part = have[i];
    if (part === undefined) return false;
    if (segment.startsWith(':') ? part === '' : segment !== part) return false;
  }
  return want.length === have.length;
}

/**
 * The registered path that answers a route before any page could: one that matches it, or any in a folder the server
 * answers in that no page of pages/ uses (/api, /assets, /images: the folder itself and all under it).
 */
export function serverRouteFor(route: string, registered: readonly string[], pages: SourcePages): string | undefined {
  const folder = route.split('/')[1];
  const pageFolders = new Set([...pages.routes().keys()].map((r) => r.split('/')[1]));
  return registered.find((path) => {
    if (path === SITE_ROUTE) return false;
    if (answers(path, route)) return true;
    const segments = path.split('/');
    return segments.length > 2 && segments[1] === folder && !pageFolders.has(folder);
  });
}

/**
 * Why no page may be made or published at a route, in words for the editor; undefined when one may. The route must be
 * a page route whose file is its own (src/server/site/page-file-for-route.ts), and no address the server or the
 * site's app answers: the server's routes come from the server itself (`registered`).
 */
export function pageRouteRefusal(route: string, pages: SourcePages, registered: readonly string[]): string | undefined {
  if (route !== '/' && !NEW_PAGE_ROUTE.test(route))
    return `The address must look like /franchise/pune (lower-case letters, digits, hyphens): ${route}`;
  const file = pageFileForRoute(route, pages);
  if ('refused' in file) return file.refused;
  const server = reservedRoute(route) ? route : serverRouteFor(route, registered, pages);
  if (server) {
    const by = server === route ? '' : ` (${server})`;
    return `The server answers ${route} itself${by}, so a page there would never be seen: choose another address.`;
  }
  const app = matchAppRoute(route);
  if (app) return `${route} is a screen of the site's app (${app.path}): choose another address.`;
  return undefined;
}
