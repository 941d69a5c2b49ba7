import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppRoute } from '../../shared/app-routes';
import { DEFAULT_LOCALE, splitLocale } from '../../shared/locales';
import { htmlDocument } from './html-document';
import { htmlLang, languageSwitcher, withLocaleCode } from './page-languages';
import { islandsTemplate } from './islands-template';
import type { Manifest } from './build-manifest';
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
  let loading: Promise<{ render: ServerRender; template: string; manifest: Manifest }> | undefined;
  const load = () =>
    (loading ??= (async () => {
      const manifest = JSON.parse(await readFile(join(distDir, 'client/.vite/manifest.json'), 'utf8')) as Manifest;
      const html = await readFile(join(distDir, 'client/index.html'), 'utf8');
      return { render: await loadRender(), manifest, template: islandsTemplate(html, manifest, { withAppStyles: true }) };
    })().catch((error: unknown) => {
      loading = undefined; // tried again with the next request, after a build
      throw error;
    }));

  const read = ownApi(app);

  return async (route: AppRoute, url: string): Promise<AppRouteHtml> => {
    const { render, template, manifest } = await load();
    const page = await render.renderAppRoute(route.path, url, read);
    // A route shown in other languages (/job-openings, /hi/job-openings) is in its address's language, with the
    // switcher to the same address in the others.
    const { locale } = splitLocale(route.path);
    const address = new URL(url, 'http://localhost');
    const languages = {
      locale,
      route: `${splitLocale(address.pathname).route}${address.search}`,
      locales: [DEFAULT_LOCALE, ...(route.locales ?? [])],
    };
    const html = htmlDocument(template, {
      head: page.head,
      body: page.html,
      lang: htmlLang(locale),
      languageSwitch: languageSwitcher(languages),
    });
    return { status: page.status, html: withLocaleCode(html, manifest, locale) };
  };
}
