import type { Queryable } from '../db/database';
import type { PublicPageRenderer } from '../site/public-page-html';
import { DEFAULT_LOCALE, isLocale, LOCALES, localizedRoute, type Locale } from '../../shared/locales';
import { missingMessages } from '../../shared/i18n/messages';
import { pageTranslations } from './page-translations';
import { publishedLocales } from './store';

/**
 * The other languages a revision of a page is whole in: every text of the page, its layout's too, has words in it,
 * and so do the site's own words. Publishing the revision publishes it in these; a language still missing words keeps
 * the page it was last published with (or the build's) until its words are written.
 */
export function wholeLocales(document: Record<string, unknown>): Locale[] {
  return pageTranslations(document).flatMap(({ locale, missing, inLayout }) =>
    isLocale(locale) && !missing.length && !inLayout && !missingMessages(locale).length ? [locale] : [],
  );
}

/** The languages besides English a page lists (its "locales"). */
export const listedLocales = (document: Record<string, unknown>): Locale[] =>
  (Array.isArray(document.locales) ? document.locales : []).filter(isLocale).filter((l) => l !== DEFAULT_LOCALE);

/**
 * The languages a visitor can read the page in once a revision is published: those it is whole in, and those it lists
 * that already have a page (published before, or the build's). The page's language switcher and hreflang name these.
 */
export async function servedLocales(
  db: Queryable,
  renderer: PublicPageRenderer,
  route: string,
  document: Record<string, unknown>,
): Promise<Locale[]> {
  const listed = listedLocales(document);
  if (!listed.length) return [];
  const whole = wholeLocales(document);
  const read = await readLocales(db, renderer, route);
  return listed.filter((l) => whole.includes(l) || read.has(l));
}

/** The other languages visitors already read a page in: published in the editor before, or made by the build. */
export async function readLocales(db: Queryable, renderer: PublicPageRenderer, route: string): Promise<Set<string>> {
  const [published, built] = await Promise.all([publishedLocales(db, route), renderer.builtRoutes()]);
  return new Set([...published, ...LOCALES.filter((l) => l !== DEFAULT_LOCALE && built.has(localizedRoute(route, l)))]);
}

/** A revision's document as it is rendered: naming, as its languages, those a visitor can read it in. */
export async function asServed(db: Queryable, renderer: PublicPageRenderer, route: string, document: Record<string, unknown>) {
  const locales = await servedLocales(db, renderer, route, document);
  return Array.isArray(document.locales) ? { ...document, locales } : document;
}
