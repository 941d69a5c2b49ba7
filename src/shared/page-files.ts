/**
 * Where the build keeps each page of pages/: its HTML in dist/pages and its document in dist/page-data, both named
 * after the route, so a route finds its files with no table of all pages. The browser fetches the document from
 * PAGE_DATA_PATH on a navigation; the server and the dev server answer that address.
 */

import { startsWithLocale } from './locales.ts';

/** A route once its placeholders are filled (schemas/common.json allows only these characters): no dots, no `..`. */
const routePattern = /^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/;

export const PAGE_DATA_PATH = '/page-data/';

/** The page pages/ shows, with status 404, for an address no page or app route has. */
export const NOT_FOUND_ROUTE = '/not-found';

/** The meta tag naming a prerendered page's route, which its islands render for (the not-found page's at any path). */
export const ROUTE_META = 'route';
/** Names the scripts a public page's island loader fetches ahead (src/server/site/islands-template.ts). */
export const ISLAND_CODE_META = 'island-code';

/**
 * Routes a page may not take: `/index` would share `/`'s files, a language's code (`/hi/...`) starts that language's
 * pages, the others are addresses the server answers itself.
 */
export function reservedRoute(route: string): boolean {
  return route === '/index' || startsWithLocale(route) || /^\/(page-data|page-preview|assets|api)(\/|$)/.test(route);
}

/** The path (under dist/pages or dist/page-data) of a route's file, or undefined for a path no page can have. */
export function pageFileOf(route: string, extension: 'html' | 'json'): string | undefined {
  if (!routePattern.test(route)) return undefined;
  return `${route === '/' ? 'index' : route.slice(1)}.${extension}`;
}

/** The address of a route's document, or undefined for a path no page can have. */
export function pageDataUrl(route: string): string | undefined {
  const file = pageFileOf(route, 'json');
  return file === undefined ? undefined : `${PAGE_DATA_PATH}${file}`;
}

/** The route a page-data address is for, or undefined when it names no possible page. */
export function routeOfPageDataUrl(path: string): string | undefined {
  if (!path.startsWith(PAGE_DATA_PATH) || !path.endsWith('.json')) return undefined;
  const name = path.slice(PAGE_DATA_PATH.length, -'.json'.length);
  const route = name === 'index' ? '/' : `/${name}`;
  return routePattern.test(route) ? route : undefined;
}

/**
 * JSON text made safe inside `<script type="application/json">`: `<` is escaped so no `</script>` or `<!--` in a
 * page's text can end the element early; JSON.parse reads the escapes back as the same characters.
 */
export function jsonForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
