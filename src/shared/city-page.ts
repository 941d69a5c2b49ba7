import type { City, CityPage } from './generated/city-page.ts';
import { currentPageVersion } from './page-migrations/migrate-page.ts';

/** What a page route looks like: lower-case letters, digits and hyphens between slashes. */
export const NEW_PAGE_ROUTE = /^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/** A schema's path relative to a page file's folder, as `$schema` says it: the page schema's, or another's. */
export function schemaPathFor(file: string, schema = 'page.json'): string {
  const depth = file.split('/').length - 1; // pages/franchise/pune.json: two folders below the project root
  return `${'../'.repeat(depth)}schemas/${schema}`;
}

/** The name of the city a page (in the current shape) is about, or undefined for a page about no city. */
export function cityNameOf(page: { city?: unknown }): string | undefined {
  const name = (page.city as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && name ? name : undefined;
}

/** Why a new city page cannot have this route, or undefined. */
export function newCityRouteProblem(route: string): string | undefined {
  return NEW_PAGE_ROUTE.test(route)
    ? undefined
    : `The route must look like /franchise/pune (lower-case letters, digits, hyphens): ${route}`;
}

/**
 * A new city page as `npm run new-page` and the page editor's New city make it: the template it is made from and the
 * city's own facts, nothing of another city's. Its figures, events and questions are added once the city has them.
 */
export function newCityFacts(template: string, route: string, city: City): CityPage {
  // The schema's version is the current page shape's (scripts/generate.ts writes it there).
  const version = currentPageVersion as CityPage['version'];
  return { $schema: schemaPathFor(`pages${route}.json`, 'city-page.json'), version, template, route, city };
}
