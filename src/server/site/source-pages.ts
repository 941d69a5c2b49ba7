import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CityLink, PageDocument } from '../../shared/generated/page-document';
import type { SiteConfig } from '../../shared/generated/site-config';
// Extensions written out: vite.config.ts loads this module (the dev server's page data) with Node's own rules.
import { fillPlaceholders, placeholderValues } from '../../shared/placeholders.ts';
import { cityLinksOf } from '../../shared/city-list.ts';
import { renderedDocument } from '../../shared/rendered-document.ts';
import { pageFileOf } from '../../shared/page-files.ts';
import { DEFAULT_LOCALE, localizedRoute, splitLocale, type Locale } from '../../shared/locales.ts';
import { listPageFiles, pagesDir, readPageDocument, root, type DocumentKind } from './pages-on-disk.ts';

/** A page file that cannot be read as JSON: the message names the file. */
export class PageFileError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(`${file}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

export interface SourcePages {
  /** The document of a route, placeholders filled, read from its file now; undefined when no page has the route. */
  page(route: string): PageDocument | undefined;
  /** The page at an address in any of its languages (/hi/franchise is the Hindi of /franchise), as it is rendered. */
  pageAt(path: string): PageDocument | undefined;
  /** Every route with its file (path from the project root). */
  routes(): ReadonlyMap<string, string>;
  /** Files whose route is unknown because they are not JSON. */
  broken(): readonly PageFileError[];
  /** The city pages, by name, state and route. */
  cities(): readonly CityLink[];
  /** Forget the index: the next lookup reads pages/ again (a file was added, changed or removed). */
  invalidate(): void;
}

/** A file's JSON; a page's in the shape the code reads. */
function parse(file: string, kind: DocumentKind): unknown {
  try {
    const path = join(root, file);
    return kind === 'page' ? readPageDocument(path) : JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new PageFileError(file, error);
  }
}

/**
 * Pages read straight from pages/, for the dev server and a server that does not serve a build: finding a route
 * reads every page once for its route, then each lookup reads its one file afresh, so an edit shows at once. A
 * route it does not know makes it read pages/ again when a file was added, removed or changed since, so a page added
 * meanwhile is found. The built site never uses
 * this: its files are named after their routes.
 */
export function sourcePages(dir = pagesDir): SourcePages {
  let index:
    { routes: Map<string, string>; broken: PageFileError[]; values: Record<string, string>; cities: CityLink[]; stamp: string } | undefined;
  /** The page files as they stand: their names and when each last changed. */
  const stampOf = (files: { file: string; path: string }[]) =>
    files.map(({ file, path }) => `${file} ${statSync(path).mtimeMs}`).join('\n');
  const filesStamp = () => stampOf(listPageFiles(dir));

  const scan = () => {
    const files = listPageFiles(dir);
    // Taken before the files are read: one changed while they are read is read again at the next unknown route.
    const stamp = stampOf(files);
    const siteFile = files.find((f) => f.kind === 'site');
    const values = siteFile ? placeholderValues(parse(siteFile.file, 'site') as SiteConfig) : {};
    const routes = new Map<string, string>();
    const broken: PageFileError[] = [];
    const documents: PageDocument[] = [];
    for (const { file, kind } of files) {
      if (kind !== 'page') continue;
      try {
        const document = parse(file, 'page') as PageDocument;
        if (typeof document.route !== 'string') continue;
        routes.set(fillPlaceholders(document.route, values), file);
        documents.push(document);
      } catch (error) {
        broken.push(error as PageFileError);
      }
    }
    return (index = { routes, broken, values, cities: cityLinksOf(documents), stamp });
  };

  const read = (route: string, current: NonNullable<typeof index>, locale: Locale = DEFAULT_LOCALE) => {
    const file = current.routes.get(route);
    if (file === undefined || !existsSync(join(root, file))) return undefined;
    const document = parse(file, 'page') as PageDocument;
    if (locale !== DEFAULT_LOCALE && !document.locales?.includes(locale)) return undefined;
    const page = renderedDocument(document, current.cities, current.values, locale);
    return page.route === localizedRoute(route, locale) ? page : undefined;
  };

  /**
   * The page at a route in a language. A route the index does not know reads pages/ again only when a file was added,
   * removed or changed since it was read (by their names and times): made-up addresses, asked for by the thousand,
   * cost a listing each, not a read of every page.
   */
  const find = (path: string, route: string, locale: Locale) => {
    if (pageFileOf(path, 'json') === undefined) return undefined;
    const known = index;
    if (!known) return read(route, scan(), locale);
    return read(route, known, locale) ?? (filesStamp() === known.stamp ? undefined : read(route, scan(), locale));
  };

  return {
    page: (route) => find(route, route, DEFAULT_LOCALE),
    pageAt(path) {
      const { locale, route } = splitLocale(path);
      return find(path, route, locale);
    },
    routes: () => (index ?? scan()).routes,
    broken: () => (index ?? scan()).broken,
    cities: () => (index ?? scan()).cities,
    invalidate() {
      index = undefined;
    },
  };
}
