import { formAliases } from './generated/form-aliases';

/**
 * A new city page from an existing one, as `npm run new-page` and the page editor's "New city from template" make it:
 * every mention of the template's city becomes the new name, the route changes, none of the template city's facts
 * come with it, and `$schema` points at the page schema from where the new file will sit. A form the template names by an alias (Rampur's registration) is named by
 * its own id: an alias keeps one city's records under the id they always had, and another city's are not filed there.
 */

/** What a page route looks like: lower-case letters, digits and hyphens between slashes. */
export const NEW_PAGE_ROUTE = /^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/** The page schema's path relative to a page file's folder, as `$schema` says it. */
export function schemaPathFor(file: string): string {
  const depth = file.split('/').length - 1; // pages/franchise/pune.json: two folders below the project root
  return `${'../'.repeat(depth)}schemas/page.json`;
}

/** The name of the city a page (in the current shape) is about, or undefined for a page about no city. */
export function cityNameOf(page: { city?: unknown }): string | undefined {
  const name = (page.city as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && name ? name : undefined;
}

/** Why a template cannot make the page, or undefined. */
export function cityTemplateProblem(template: Record<string, unknown>, route: string): string | undefined {
  if (!NEW_PAGE_ROUTE.test(route)) return `The route must look like /franchise/pune (lower-case letters, digits, hyphens): ${route}`;
  if (!cityNameOf(template)) return 'The template has no "city" with a name, so there is no name to replace.';
  return undefined;
}

/**
 * The new page's document; check it with cityTemplateProblem first. Of the city it has the name and the facts given:
 * its office, state and how to reach it are the new city's own, and the page is not published before they are given.
 */
export function cityPageFromTemplate(
  template: Record<string, unknown>,
  route: string,
  name: string,
  facts: Record<string, unknown> = {},
): Record<string, unknown> {
  const oldName = cityNameOf(template) ?? '';
  const word = new RegExp(`\\b${oldName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'g');
  const rename = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(word, name);
    if (Array.isArray(v)) return v.map(rename);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v).map(([k, x]) => [k, k === 'form' && typeof x === 'string' ? (formAliases[x]?.form ?? x) : rename(x)]),
      );
    return v;
  };
  const page = rename(template) as Record<string, unknown>;
  return { ...page, route, city: { name, ...facts }, $schema: schemaPathFor(`pages${route}.json`) };
}
