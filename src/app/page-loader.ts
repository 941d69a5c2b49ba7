import type { PageDocument } from '../shared/generated/page-document';
import { formsUsedBy, preloadForm } from '../content/page-bundle';
import { loadPageDocument } from '../content/page-registry';
import { preload, useResource } from '../content/resource-cache';
import { preloadFormView } from '../forms/lazy-form-view';

const pageKey = (route: string) => `page:${route}`;

async function loadPageWithForms(route: string): Promise<PageDocument> {
  const page = await loadPageDocument(route);
  if (!page) throw new Error(`No page for ${route}`);
  const forms = formsUsedBy(page);
  await Promise.all([...forms.map(preloadForm), forms.length ? preloadFormView() : null]);
  return page;
}

/** Loads a page and the forms it shows, so it renders in one pass on the server and hydrates without waiting. */
export function preloadPage(route: string) {
  return preload(pageKey(route), () => loadPageWithForms(route));
}

export function usePage(route: string): PageDocument {
  return useResource(pageKey(route), () => loadPageWithForms(route));
}
