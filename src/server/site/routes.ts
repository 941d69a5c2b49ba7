import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { matchAppRoute } from '../../shared/route-match';
import { readCookie } from '../../shared/session';
import { localPath } from '../http/local-path';

interface SitePagesOptions {
  distDir: string;
}

/**
 * HTML for every path: the prerendered page for routes of pages/, the app shell for app routes, and the
 * not-found page with status 404 for anything else. Read once at start: a deploy restarts the process.
 */
export async function sitePages(app: FastifyInstance, { distDir }: SitePagesOptions) {
  const pagesDir = join(distDir, 'pages');
  const routes: Record<string, string> = JSON.parse(readFileSync(join(pagesDir, 'routes.json'), 'utf8'));
  const html = new Map(Object.entries(routes).map(([route, file]) => [route, readFileSync(join(pagesDir, file), 'utf8')]));
  const appShell = readFileSync(join(pagesDir, 'app-shell.html'), 'utf8');
  const notFound = html.get('/not-found');
  if (notFound === undefined) throw new Error(`${pagesDir} has no /not-found page: run the build`);

  app.get('/*', { schema: { hide: true, querystring: { type: 'object', additionalProperties: true } } }, async (request, reply) => {
    const [path = '/', query] = request.url.split(/\?(.*)/s);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (path.length > 1 && path.endsWith('/')) {
      // Only ever to a path of this host: `//evil.example/` must not become a redirect to another site.
      const target = localPath(path.replace(/\/+$/, '') || '/');
      if (!target) return reply.code(404).send(notFound);
      return reply.redirect(`${target}${query ? `?${query}` : ''}`, 301);
    }
    const page = html.get(path);
    if (page) return page;
    const appRoute = matchAppRoute(path);
    if (appRoute) {
      if (appRoute.protected && !readCookie(request.headers.cookie ?? '', 'jwt_token')) return reply.redirect('/', 302);
      return appShell;
    }
    return reply.code(404).send(notFound);
  });
}
