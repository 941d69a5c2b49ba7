import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CityLink, PageDocument, PageMeta } from '../../shared/generated/page-document';
import type { CityPage } from '../../shared/generated/city-page';
import { CITY_LIST_FILE } from '../../shared/city-list';
import { ROUTE_META } from '../../shared/page-files';
import { htmlDocument } from './html-document';
import { imageSizer } from './image-sizes';
import { islandsTemplate } from './islands-template';
import { madePage, templatesDir } from './pages-on-disk';
import { alternateLinks, htmlLang, languagesOf, languageSwitcher, withLocaleCode } from './page-languages';
import type { Manifest } from './build-manifest';
import { DEFAULT_LOCALE, LOCALE_FACTS, type Locale } from '../../shared/locales';

type ServerRender = typeof import('../../entry-server');

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface HeadOptions {
  noindex?: boolean;
  /** The page's language, for og:locale. */
  locale?: Locale;
  /** Its links to itself in each of its languages (alternateLinks). */
  alternates?: string[];
}

/** What renders a public page: the build's server render, its island template and manifest, and its city pages. */
export interface PageRendering {
  server: ServerRender;
  template: string;
  manifest: Manifest;
  cities: CityLink[];
}

/**
 * A page, made for a language (server.pageForRender), as the whole HTML document the site serves: its head with the
 * language's alternates, `<html lang>`, the language switcher and the language's words fetched ahead. The prerender and
 * the editor's renders both write pages through this.
 */
export async function pageHtml({ server, template, manifest, cities }: PageRendering, page: PageDocument, locale: Locale, noindex = false) {
  const { html, meta } = await server.renderPage(page, cities);
  const languages = languagesOf(page);
  const head = pageHead(page.route, meta, server.site.brand.name, {
    noindex,
    locale,
    alternates: alternateLinks(languages, server.site.url),
  });
  const body = htmlDocument(template, { head, body: html, lang: htmlLang(locale), languageSwitch: languageSwitcher(languages) });
  return withLocaleCode(body, manifest, locale);
}

/** The head of a public page: its title and meta tags, as the prerender and a publish write them. */
export function pageHead(
  route: string,
  meta: PageMeta,
  brandName: string,
  { noindex = false, locale = DEFAULT_LOCALE, alternates = [] }: HeadOptions = {},
) {
  return [
    `<title>${escape(meta.title)}</title>`,
    `<meta name="${ROUTE_META}" content="${escape(route)}" />`,
    ...(noindex ? ['<meta name="robots" content="noindex, nofollow" />'] : []),
    `<meta name="description" content="${escape(meta.description)}" />`,
    `<meta name="keywords" content="${escape(meta.keywords)}" />`,
    `<meta name="subject" content="${escape(meta.subject)}" />`,
    `<meta property="og:title" content="${escape(meta.title)}" />`,
    `<meta property="og:description" content="${escape(meta.description)}" />`,
    `<meta property="og:site_name" content="${escape(brandName)}" />`,
    `<meta property="og:locale" content="${LOCALE_FACTS[locale].tag.replace('-', '_')}" />`,
    ...alternates,
  ].join('\n    ');
}

export interface RenderedPublicPage {
  /** The whole HTML document, as the prerender writes it to dist/pages. */
  html: string;
  /** The page's document with its placeholders filled, as dist/page-data holds it. */
  data: string;
}

export interface PublicPageRenderer {
  /** Names the build the HTML is made with: HTML of another build names other scripts or other city pages. */
  build(): Promise<string>;
  /**
   * Renders a page document, or a city's facts as the page their template makes, in one of its languages (English
   * unless told), as the prerender writes it.
   */
  render(page: PageDocument | CityPage, options?: { noindex?: boolean; locale?: Locale }): Promise<RenderedPublicPage>;
  /** The routes the build has a page file for, in every language (/about, /hi/about). */
  builtRoutes(): Promise<ReadonlySet<string>>;
}

/** The city templates' texts, in the order of their names; none where there is no templates folder. */
async function cityTemplateTexts(dir: string): Promise<string> {
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.json')).sort();
  return (await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')))).join('\n');
}

/**
 * Renders a page document at request time exactly as the build's prerender does (scripts/prerender.ts): the build's
 * server render (dist/server) fills the placeholders and renders the blocks, and the result goes into the island
 * loader's template. Loaded with the first render, so a server that never publishes never loads React.
 */
export function publicPageRenderer(distDir: string, templates = templatesDir): PublicPageRenderer {
  const sizeImages = imageSizer(join(distDir, 'client'));
  let loading:
    | Promise<{ server: ServerRender; template: string; manifest: Manifest; build: string; cities: CityLink[]; routes: Set<string> }>
    | undefined;
  const load = () =>
    (loading ??= (async () => {
      const server = (await import(pathToFileURL(join(distDir, 'server/entry-server.js')).href)) as ServerRender;
      const appTemplate = await readFile(join(distDir, 'client/index.html'), 'utf8');
      const manifest = await readFile(join(distDir, 'client/.vite/manifest.json'), 'utf8');
      // The build's city pages, for the footer and a page that lists them; a build from before the list had none.
      const cityList = await readFile(join(distDir, 'client', CITY_LIST_FILE), 'utf8').catch(() => '[]');
      // A build that only adds a city keeps its scripts, yet every page's footer changes: it is another build. So is
      // one with a city template changed: every city page made from it, those published in the editor too, changes.
      const layouts = await cityTemplateTexts(templates);
      const build = createHash('sha256').update(appTemplate).update(manifest).update(cityList).update(layouts).digest('hex').slice(0, 16);
      const cities = JSON.parse(cityList) as CityLink[];
      const parsed = JSON.parse(manifest) as Manifest;
      // The prerender's list of the routes it wrote (dist/pages/routes.json); none in a build without pages.
      const written = await readFile(join(distDir, 'pages', 'routes.json'), 'utf8').catch(() => '{}');
      const routes = new Set(Object.keys(JSON.parse(written) as Record<string, string>));
      return { server, template: islandsTemplate(appTemplate, parsed), manifest: parsed, build, cities, routes };
    })().catch((error: unknown) => {
      loading = undefined; // tried again with the next render, after a build
      throw error;
    }));

  const renderNow = async (document: PageDocument | CityPage, noindex: boolean, locale: Locale) => {
    const { server, template, manifest, cities } = await load();
    const page = await sizeImages(server.pageForRender(madePage(document, templates), cities, locale));
    const html = await pageHtml({ server, template, manifest, cities }, page, locale, noindex);
    return { html, data: JSON.stringify(page) };
  };

  // One render at a time: renderPage holds the page it renders under its route until it is done, so two renders of
  // one route at once (a preview and a publish) would take each other's page. The render itself is synchronous work,
  // so waiting costs no throughput.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    build: async () => (await load()).build,
    builtRoutes: async () => (await load()).routes,
    render(document, { noindex = false, locale = DEFAULT_LOCALE } = {}) {
      const rendered = queue.then(() => renderNow(document, noindex, locale));
      queue = rendered.catch(() => undefined);
      return rendered;
    },
  };
}
