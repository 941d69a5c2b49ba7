import type { PageDocument } from '../shared/generated/page-document';
import { pageDataUrl } from '../shared/page-files';

/**
 * A page's document from the site (the build's dist/page-data, or pages/ through the dev server), placeholders
 * already filled; undefined when no page has that route. Each page is its own small file, so what a visitor
 * downloads does not grow with the number of pages.
 */
export async function fetchPageDocument(route: string): Promise<PageDocument | undefined> {
  const url = pageDataUrl(route);
  if (url === undefined) return undefined;
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as PageDocument;
}
