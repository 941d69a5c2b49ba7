/**
 * The languages the site's pages are written in. English is every page's; a page lists the others it publishes in
 * `locales`, each at its route under the language's code: /hi/ is the Hindi home, /gu/franchise/surat the Gujarati
 * Surat page. The codes are schemas/common.json's `locale`.
 */
export const LOCALES = ['en', 'hi', 'gu', 'ta', 'te', 'pa'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

const known: ReadonlySet<string> = new Set(LOCALES);
export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && known.has(value);

interface LocaleFacts {
  /** The language tag of `<html lang>` and hreflang: the language as written in India. */
  tag: string;
  /** The language's name in English, as the people who write pages read it. */
  english: string;
  /** The language's name in itself, as the language switcher offers it. */
  native: string;
  /** "Read this page in <the language>", in the language: what an English page offers a reader of it. */
  readIn: string;
  /** "Language" in the language: the language switcher's name for screen readers. */
  languageWord: string;
  /** The script its pages are in, which picks the font (src/styles/fonts.css). */
  script: 'latin' | 'devanagari' | 'gujarati' | 'tamil' | 'telugu' | 'gurmukhi';
}

export const LOCALE_FACTS: Record<Locale, LocaleFacts> = {
  en: {
    readIn: 'Read this page in English',
    tag: 'en-IN',
    english: 'English',
    native: 'English',
    languageWord: 'Language',
    script: 'latin',
  },
  hi: { readIn: 'यह पेज हिन्दी में पढ़ें', tag: 'hi-IN', english: 'Hindi', native: 'हिन्दी', languageWord: 'भाषा', script: 'devanagari' },
  gu: { readIn: 'આ પેજ ગુજરાતીમાં વાંચો', tag: 'gu-IN', english: 'Gujarati', native: 'ગુજરાતી', languageWord: 'ભાષા', script: 'gujarati' },
  ta: { readIn: 'இந்தப் பக்கத்தைத் தமிழில் படிக்கவும்', tag: 'ta-IN', english: 'Tamil', native: 'தமிழ்', languageWord: 'மொழி', script: 'tamil' },
  te: { readIn: 'ఈ పేజీని తెలుగులో చదవండి', tag: 'te-IN', english: 'Telugu', native: 'తెలుగు', languageWord: 'భాష', script: 'telugu' },
  pa: { readIn: 'ਇਹ ਪੰਨਾ ਪੰਜਾਬੀ ਵਿੱਚ ਪੜ੍ਹੋ', tag: 'pa-IN', english: 'Punjabi', native: 'ਪੰਜਾਬੀ', languageWord: 'ਭਾਸ਼ਾ', script: 'gurmukhi' },
};

/**
 * A page's route in a language, as its document and files name it: `/franchise/surat` in Gujarati is
 * `/gu/franchise/surat`, the home in Hindi `/hi` (files hi.html and hi.json).
 */
export function localizedRoute(route: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return route;
  return route === '/' ? `/${locale}` : `/${locale}${route}`;
}

/** The address a visitor and search engines use for a route in a language: the Hindi home is `/hi/`. */
export function localizedPath(route: string, locale: Locale): string {
  return locale !== DEFAULT_LOCALE && route === '/' ? `/${locale}/` : localizedRoute(route, locale);
}

/**
 * A page's addresses in each of its languages, for search engines' `hreflang` links: absolute, English first, and
 * `x-default` (English) for a reader of any other language. None for a page in English alone.
 */
export function languageAlternates(route: string, locales: readonly Locale[], siteUrl: string): { hreflang: string; href: string }[] {
  if (locales.length < 2) return [];
  const base = siteUrl.replace(/\/+$/, '');
  const href = (locale: Locale) => `${base}${localizedPath(route, locale)}`;
  return [
    ...locales.map((locale) => ({ hreflang: LOCALE_FACTS[locale].tag, href: href(locale) })),
    { hreflang: 'x-default', href: href(DEFAULT_LOCALE) },
  ];
}

/**
 * The language and route of an address or a localized route: `/gu/franchise/surat` is Gujarati `/franchise/surat`,
 * `/hi/` and `/hi` the Hindi home. Any other address (`/about`) is English.
 */
export function splitLocale(path: string): { locale: Locale; route: string } {
  const match = /^\/([a-z]{2})(\/.*)?$/.exec(path);
  const locale = match?.[1];
  if (!match || !isLocale(locale) || locale === DEFAULT_LOCALE) return { locale: DEFAULT_LOCALE, route: path };
  return { locale, route: match[2] && match[2] !== '/' ? match[2] : '/' };
}

/** The route's first segment names a language: a page may not take it, since the language's pages live under it. */
export const startsWithLocale = (route: string) => {
  const first = /^\/([a-z]{2})(\/|$)/.exec(route)?.[1];
  return isLocale(first);
};

/** The cookie that remembers the language a visitor chose: English pages then offer it first, nothing redirects. */
export const LOCALE_COOKIE = 'hf_locale';
/** Marks a link to a page in a language (the switcher's, the offer's): following one remembers the choice. */
export const LOCALE_LINK_ATTRIBUTE = 'data-locale';

/** A language code's name in English, as staff read it; an unknown code as it is. */
export const languageName = (code: string) => (isLocale(code) ? LOCALE_FACTS[code].english : code);
