import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { jsonForScript } from '../../shared/page-files';
import { APP_CODE_META, RENDERED_STATE_ID } from '../../shared/rendered-state';
import { chunkGraph, entryTags, withHeadTags, type Manifest } from './build-manifest';
import { ownApi, serverRender } from './server-render';
import { inLanguage } from './html-document';
import { htmlLang } from './page-languages';
import { DEFAULT_LOCALE, splitLocale } from '../../shared/locales';

/** The app's container in the build's index.html, and the disabled fieldset a server-rendered screen arrives in. */
const ROOT = '<div id="root"><!--app-html--></div>';
/** The app's key in Vite's manifest, and the screen loader's. */
const APP_ENTRY = 'index.html';
const SCREEN_LOADER = 'src/app/screen-loader.ts';

interface Template {
  html: string;
  manifest: Manifest;
  /** The loader's own files, which the app's list leaves out. */
  loaderFiles: Set<string>;
}

async function readTemplate(distDir: string): Promise<Template> {
  const [index, manifestText] = await Promise.all([
    readFile(join(distDir, 'client/index.html'), 'utf8'),
    readFile(join(distDir, 'client/.vite/manifest.json'), 'utf8'),
  ]);
  const manifest = JSON.parse(manifestText) as Manifest;
  // The screen loader runs in place of the app; the app's stylesheets stay, to style the screen before it runs.
  const { files: loaderFiles, tags } = entryTags(manifest, SCREEN_LOADER);
  return { html: withHeadTags(index, tags), manifest, loaderFiles };
}

/** The app's files, its entry first, then the screen's: what the loader fetches ahead and runs at the first action. */
function appCode({ manifest, loaderFiles }: Template, screenFile: string | undefined) {
  const { files } = chunkGraph(manifest, APP_ENTRY);
  if (screenFile) chunkGraph(manifest, screenFile, files);
  return [...files].filter((file) => !loaderFiles.has(file)).map((file) => `/${file}`);
}

/**
 * Renders a portal screen for the signed-in user whose cookies came with the request: the whole app as their browser
 * would render it, with the API answers the screen shows (asked of this server's API with the same cookies, so the
 * API's access rules decide what it holds) and those answers in the page for the browser's hydration. The page runs
 * no React until the user acts (src/app/screen-loader.ts): the screen comes in a disabled fieldset, and the first tap
 * on it is given again once it has hydrated.
 */
export function signedInRenderer(app: FastifyInstance, distDir: string) {
  const load = serverRender(distDir);
  let template: Promise<Template> | undefined;
  return async (url: string, cookie: string): Promise<string> => {
    const render = await load();
    template ??= readTemplate(distDir).catch((error: unknown) => {
      template = undefined; // read again with the next page, after a build
      throw error;
    });
    const built = await template;
    const page = await render.renderSignedInRoute(url, cookie, ownApi(app, cookie));
    const state = `<script type="application/json" id="${RENDERED_STATE_ID}">${jsonForScript(JSON.stringify(page.rendered))}</script>`;
    const code = `<meta name="${APP_CODE_META}" content="${appCode(built, page.screenFile).join(' ')}" />`;
    // A route in another language (/hi/job-openings) is in it for a signed-in user too.
    const { locale } = splitLocale(new URL(url, 'http://localhost').pathname);
    const html = locale === DEFAULT_LOCALE ? built.html : inLanguage(built.html, htmlLang(locale));
    return html
      .replace('<!--app-head-->', () => `${page.head || `<title>${app.siteConfig.brand.name}</title>`}\n    ${code}`)
      .replace(ROOT, () => `<fieldset id="root" role="none" disabled>${page.html}</fieldset>${state}`);
  };
}
