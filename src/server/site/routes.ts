import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { mayOpen, visitorScreen } from '../../shared/app-routes';
import { matchAppRoute } from '../../shared/route-match';
import { readCookie, sessionFromCookies } from '../../shared/session';
import { clearLeftoverSessionCookies } from '../auth/session-cookies';
import { pageFileOf, PAGE_DATA_PATH, routeOfPageDataUrl } from '../../shared/page-files';
import { localPath } from '../http/local-path';
import { cachedFiles } from './cached-files';
import { siteRouteSchema } from './site-route-schema';
import { appRouteRenderer } from './app-route-renderer';
import { signedInRenderer } from './signed-in-renderer';
import { sitemapRoutes } from './sitemap';
import { teamPages, type ServedPage } from './team-pages';
import { withLanguageOffer } from './page-languages';
import { DEFAULT_LOCALE, LOCALE_COOKIE, localizedRoute, splitLocale } from '../../shared/locales';

interface SitePagesOptions {
  distDir: string;
  /** The most bytes of pages held in memory; the rest are read from disk when asked for. */
  cacheBytes?: number;
}

/**
 * HTML for every path: the prerendered page for routes of pages/; app routes rendered now for a visitor (job
 * openings, a job, the sign-in form, also in place of /view-forms and /add-blog) and the app shell for a signed-in
 * user; the not-found page with status 404 for anything else. Each page's document at
 * /page-data/<route>.json for the browser's navigations, and /sitemap.xml. A route names its files (dist/pages,
 * dist/page-data), so nothing is read at start but the shell and the not-found page, and pages are read on demand
 * behind a cache bounded in bytes: start time and memory stay the same however many pages there are. A page published
 * in the page editor is served from the database in its file's place (src/server/page-editor/published-pages.ts).
 */
async function routes(app: FastifyInstance, { distDir, cacheBytes = 16 * 1024 * 1024 }: SitePagesOptions) {
  const files = cachedFiles(distDir, cacheBytes);
  const appShell = readFileSync(join(distDir, 'pages/app-shell.html'), 'utf8');
  const renderAppRoute = appRouteRenderer(app, distDir);
  const renderSignedIn = signedInRenderer(app, distDir);
  const notFoundFile = join(distDir, 'pages/not-found.html');
  let notFound: string;
  try {
    notFound = readFileSync(notFoundFile, 'utf8');
  } catch {
    throw new Error(`${notFoundFile} is missing: run the build`);
  }

  const withTeam = teamPages(app.db, app.pageRenderer, app.log);

  /**
   * The page at a route as a visitor gets it: published in the editor, or the build's file, with the team admins keep
   * in its team block; undefined when no page has the route.
   */
  const pageAt = async (route: string): Promise<ServedPage | undefined> => {
    const published = await app.publishedPages.page(route);
    if (published) return withTeam(route, published);
    const html = pageFileOf(route, 'html');
    const data = pageFileOf(route, 'json');
    if (html === undefined || data === undefined) return undefined;
    const [builtHtml, builtData] = await Promise.all([files.read(`pages/${html}`), files.read(`page-data/${data}`)]);
    return builtHtml && builtData ? withTeam(route, { html: builtHtml, data: builtData }) : undefined;
  };

  await sitemapRoutes(app, { distDir, baseUrl: app.siteConfig.url });

  app.get(`${PAGE_DATA_PATH}*`, { schema: siteRouteSchema }, async (request, reply) => {
    const route = routeOfPageDataUrl(request.url.split('?')[0] ?? '');
    const data = route === undefined ? undefined : (await pageAt(route))?.data;
    if (!data) return reply.notFound('No page at this address.');
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(data);
  });

  app.get('/*', { schema: siteRouteSchema }, async (request, reply) => {
    const [path = '/', query] = request.url.split(/\?(.*)/s);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    clearLeftoverSessionCookies(request, reply);
    // A language's home is /hi/ (its route /hi): the one address the trailing-slash rule below does not take.
    const { locale, route } = splitLocale(path);
    if (locale !== DEFAULT_LOCALE && route === '/') {
      if (!path.endsWith('/')) return reply.redirect(`${path}/${query ? `?${query}` : ''}`, 301);
      const home = await pageAt(localizedRoute(route, locale));
      return home ? reply.send(home.html) : reply.code(404).send(notFound);
    }
    if (path.length > 1 && path.endsWith('/')) {
      // Only ever to a path of this host: `//evil.example/` must not become a redirect to another site.
      const target = localPath(path.replace(/\/+$/, '') || '/');
      if (!target) return reply.code(404).send(notFound);
      return reply.redirect(`${target}${query ? `?${query}` : ''}`, 301);
    }
    // A page published in the editor is served in place of its file, on every process, without a build.
    const page = await pageAt(path);
    if (page) {
      // The same address answers each visitor in the page's language, offering another they read (no redirect).
      reply.header('vary', 'Cookie, Accept-Language');
      const cookies = request.headers.cookie ?? '';
      return reply.send(
        withLanguageOffer(page.html, path, readCookie(cookies, LOCALE_COOKIE) ?? undefined, request.headers['accept-language']),
      );
    }
    // A page renamed in the editor: its old address sends visitors and search engines on, for good.
    // In another language too: /hi/<old> goes to /hi/<new>, or to the English page where the new one has no Hindi.
    const moved = await app.publishedPages.redirect(route);
    if (moved) {
      const target = locale !== DEFAULT_LOCALE && (await pageAt(localizedRoute(moved, locale))) ? localizedRoute(moved, locale) : moved;
      return reply.redirect(`${target}${query ? `?${query}` : ''}`, 301);
    }
    const appRoute = matchAppRoute(path);
    if (appRoute) {
      const cookies = request.headers.cookie ?? '';
      const signedIn = Boolean(readCookie(cookies, 'jwt_token'));
      const session = sessionFromCookies(cookies);
      // A signed-in user's screen is rendered for them, with their navigation and their data; a screen their role does
      // not open, or a render that fails, is the app shell, and the browser shows what it shows.
      if (signedIn) {
        // The page holds the user's leads and candidates: no cache, shared or the browser's own, keeps it.
        reply.header('cache-control', 'private, no-store').header('vary', 'Cookie');
        if (mayOpen(appRoute, session) !== 'yes') return appShell;
        try {
          return await renderSignedIn(request.url, cookies);
        } catch (error) {
          request.log.error({ err: error }, `server render of ${path} for a signed-in user failed`);
          return appShell;
        }
      }
      if (!visitorScreen(appRoute)) return reply.redirect('/', 302);
      try {
        const rendered = await renderAppRoute(appRoute, request.url);
        return reply.code(rendered.status).send(rendered.html);
      } catch (error) {
        // The browser renders the route from the shell instead: slower to show, but shown.
        request.log.error({ err: error }, `server render of ${path} failed`);
        return appShell;
      }
    }
    return reply.code(404).send(notFound);
  });
}

// The page editor gives the published pages served in their files' place, and the routes it may not take (sitemap.ts).
export const sitePages = fp(routes, { name: 'site-pages', dependencies: ['database', 'site-config', 'page-editor'], encapsulate: true });
