import type { FastifyInstance } from 'fastify';
import { matchAppRoute } from '../../shared/route-match';
import { OTHER_PAGES } from '../../shared/web-vitals';

/**
 * The page the dashboard counts a report under, as the server decides what to serve at the path: a page of the site
 * (published in the page editor, or the build's, or pages/ for a server without a build) by its route; a screen the
 * app shows visitors by its route's pattern, so every job's page is one row (/job-openings/:id), measured over
 * enough loads to mean something, and a made-up id adds nothing; anything else, OTHER_PAGES.
 */
export async function reportedPage(app: FastifyInstance, path: string): Promise<string> {
  const route = path.replace(/\/+$/, '') || '/';
  // The server's own lookup (page-source): published pages first, then the pages it was started with.
  if (await app.pageSource.page(route)) return route;
  const appRoute = matchAppRoute(route);
  return appRoute && !appRoute.protected ? appRoute.path : OTHER_PAGES;
}
