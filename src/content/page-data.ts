import type { PageDocument } from '../shared/generated/page-document';
import { EMBEDDED_PAGE_ID, pageDataUrl } from '../shared/page-files';

/**
 * The document a prerendered page carries (placeholders filled), read once: the first render hydrates from it with
 * no request. Absent on the app shell and in the dev server.
 */
export function embeddedPageDocument(): PageDocument | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(EMBEDDED_PAGE_ID);
  if (!element?.textContent) return undefined;
  return JSON.parse(element.textContent) as PageDocument;
}

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
