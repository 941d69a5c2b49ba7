import type { Locale } from './locales.ts';
import type { SiteConfig } from './generated/site-config.ts';
import { routes as englishRoutes, site as englishSite, words as englishWords } from './generated/locales/en.ts';

/** The words a page says itself, in one language (src/shared/i18n/messages, page.*). */
export type PageWords = typeof englishWords;

/** What a page in a language reads of itself: pages/site.json in it, and its own words (src/shared/generated/locales). */
export interface LocaleModule {
  site: SiteConfig;
  words: PageWords;
  /** The routes written in the language, which its pages link to in it. */
  routes: readonly string[];
}

/**
 * The languages loaded so far: English always; another when a page in it renders (src/content/load-locale.ts), so a
 * visitor's browser holds the words of the page's language only.
 */
const english: LocaleModule = { site: englishSite, words: englishWords, routes: englishRoutes };
const modules = new Map<Locale, LocaleModule>([['en', english]]);

export function addLocale(locale: Locale, module: LocaleModule) {
  modules.set(locale, module);
}

export const hasLocale = (locale: Locale) => modules.has(locale);

/** A language's module, or English's while it has not loaded. */
export function localeModule(locale: Locale): LocaleModule {
  return modules.get(locale) ?? english;
}
