import type { Block, CityLink, PageDocument } from './generated/page-document';
import { DEFAULT_LOCALE } from './locales.ts';
import { textIn } from './localized-text.ts';

/**
 * The build's list of city pages, a file among the site's static files (dist/client): the editor's renders read it, and
 * the job openings' city chips fetch it, so neither the server's code nor the browser's grows with the cities.
 */
export const CITY_LIST_FILE = 'city-pages.json';
/** Where a browser fetches it. */
export const CITY_LIST_PATH = `/${CITY_LIST_FILE}`;

/** The city pages among pages, each by its name, state and route, in the order of their names. */
export function cityLinksOf(pages: Iterable<Pick<PageDocument, 'route' | 'city'>>): CityLink[] {
  return (
    [...pages]
      // The state as English writes it: the list is one for every language's pages.
      .flatMap((page) => (page.city ? [{ name: page.city.name, state: textIn(page.city.state, DEFAULT_LOCALE), route: page.route }] : []))
      .sort((a, b) => a.name.localeCompare(b.name, 'en-IN'))
  );
}

/** A page whose city-offices blocks list the site's city pages. */
export function withCityList<T extends Pick<PageDocument, 'blocks'>>(page: T, cities: readonly CityLink[]): T {
  if (!page.blocks.some((block) => block.type === 'city-offices')) return page;
  const blocks = page.blocks.map((block): Block => (block.type === 'city-offices' ? { ...block, cities: [...cities] } : block));
  return { ...page, blocks };
}
