import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppPath } from '../../shared/app-routes';
import { htmlDocument } from './html-document';
import { islandsTemplate } from './islands-template';
import { ownApi, serverRender, type ServerRender } from './server-render';

export interface AppRouteHtml {
  status: number;
  html: string;
}

/**
 * Renders app routes for a signed-out visitor at request time with the build's server render (dist/server), loaded
 * with the first such request so a server that never shows one never loads React. The page is a public page's: the
 * island loader, not the app, with the portal's styles. The API answers a screen shows are this server's own, asked
 * through app.inject: the HTML holds exactly what the API gives any visitor, and the screen's island hydrates from the
 * same answers, carried in its props.
 */
export function appRouteRenderer(app: FastifyInstance, distDir: string) {
  const loadRender = serverRender(distDir);
  let loading: Promise<{ render: ServerRender; template: string }> | undefined;
  const load = () =>
    (loading ??= (async () => ({
      render: await loadRender(),
      template: islandsTemplate(
        await readFile(join(distDir, 'client/index.html'), 'utf8'),
        JSON.parse(await readFile(join(distDir, 'client/.vite/manifest.json'), 'utf8')),
        { withAppStyles: true },
      ),
    }))().catch((error: unknown) => {
      loading = undefined; // tried again with the next request, after a build
      throw error;
    }));

  const read = ownApi(app);

  return async (route: AppPath, url: string): Promise<AppRouteHtml> => {
    const { render, template } = await load();
    const page = await render.renderAppRoute(route, url, read);
    return { status: page.status, html: htmlDocument(template, { head: page.head, body: page.html }) };
  };
}
