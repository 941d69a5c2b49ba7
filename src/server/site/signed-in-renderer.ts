import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { jsonForScript } from '../../shared/page-files';
import { RENDERED_STATE_ID } from '../../shared/rendered-state';
import { ownApi, serverRender } from './server-render';

/** The app's container in the build's index.html, and the disabled fieldset a server-rendered screen arrives in. */
const ROOT = '<div id="root"><!--app-html--></div>';
/**
 * The build's hints to fetch every module of the app at once. A rendered screen is read before the app runs: its
 * styles come first, and the modules follow the entry when it asks for them.
 */
const MODULE_PRELOADS = /\s*<link rel="modulepreload"[^>]*>/g;

/**
 * Renders a portal screen for the signed-in user whose cookies came with the request: the whole app as their browser
 * would render it, with the API answers the screen shows (asked of this server's API with the same cookies, so the
 * API's access rules decide what it holds) and those answers in the page for the browser's hydration. The screen comes
 * in a disabled fieldset: a tap or a key before React answers would be lost, so none is taken until it has hydrated.
 */
export function signedInRenderer(app: FastifyInstance, distDir: string) {
  const load = serverRender(distDir);
  let template: Promise<string> | undefined;
  return async (url: string, cookie: string): Promise<string> => {
    const render = await load();
    template ??= readFile(join(distDir, 'client/index.html'), 'utf8').then(
      (text) => text.replace(MODULE_PRELOADS, ''),
      (error: unknown) => {
        template = undefined; // read again with the next page, after a build
        throw error;
      },
    );
    const html = await template;
    const page = await render.renderSignedInRoute(url, cookie, ownApi(app, cookie));
    const state = `<script type="application/json" id="${RENDERED_STATE_ID}">${jsonForScript(JSON.stringify(page.rendered))}</script>`;
    return html
      .replace('<!--app-head-->', () => page.head || `<title>${app.siteConfig.brand.name}</title>`)
      .replace(ROOT, () => `<fieldset id="root" role="none" disabled>${page.html}</fieldset>${state}`);
  };
}
