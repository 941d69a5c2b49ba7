import type { PageDocument } from '../shared/generated/page-document';
import { formsUsedBy, preloadForm } from '../content/page-bundle';
import { fetchPageDocument } from '../content/page-data';
import { forget, preload, useResource } from '../content/resource-cache';
import { preloadFormView } from '../forms/lazy-form-view';
import { splitLocale } from '../shared/locales';

const pageKey = (route: string) => `page:${route}`;

/** A page's document (undefined when no page has the route) with the forms it shows loaded. */
async function loadPageWithForms(route: string, known?: PageDocument): Promise<PageDocument | undefined> {
  const page = known ?? (await fetchPageDocument(route));
  if (!page) return undefined;
  const forms = formsUsedBy(page);
  const { locale } = splitLocale(route);
  await Promise.all([...forms.map((form) => preloadForm(form, locale)), forms.length ? preloadFormView() : null]);
  return page;
}

/**
 * Loads a page and the forms it shows, so it renders in one pass on the server and hydrates without waiting. A
 * document already at hand (the prerender's, or the one embedded in the HTML) is used instead of fetching it.
 */
export function preloadPage(route: string, known?: PageDocument) {
  return preload(pageKey(route), () => loadPageWithForms(route, known));
}

/** Drops a page from the loaded resources: the prerender renders each page once and keeps none. */
export function forgetPage(route: string) {
  forget(pageKey(route));
}

export function usePage(route: string): PageDocument | undefined {
  return useResource(pageKey(route), () => loadPageWithForms(route));
}
