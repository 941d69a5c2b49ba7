import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_FACTS,
  LOCALE_LINK_ATTRIBUTE,
  LOCALES,
  languageAlternates,
  localizedPath,
  splitLocale,
  type Locale,
} from '../../shared/locales';
import { ISLAND_CODE_META } from '../../shared/page-files';
import type { Manifest } from './build-manifest';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A rendered page's language, its route in English and every language it is published in, English first. */
export interface PageLanguages {
  locale: Locale;
  route: string;
  locales: Locale[];
}

/** The languages of a page as rendered (src/shared/rendered-document.ts): its route names its own. */
export function languagesOf(page: { route: string; locales?: readonly string[] }): PageLanguages {
  const { locale, route } = splitLocale(page.route);
  const declared = new Set(page.locales ?? []);
  return { locale, route, locales: LOCALES.filter((l) => l === DEFAULT_LOCALE || (declared.has(l) && isLocale(l))) };
}

/** The `<html lang>` of a page in a language. */
export const htmlLang = (locale: Locale) => LOCALE_FACTS[locale].tag;

/** The head's links to the page in each of its languages, for search engines (languageAlternates). */
export function alternateLinks({ route, locales }: PageLanguages, siteUrl: string): string[] {
  return languageAlternates(route, locales, siteUrl).map(
    ({ hreflang, href }) => `<link rel="alternate" hreflang="${hreflang}" href="${escape(href)}" />`,
  );
}

/**
 * The language switcher: a plain link to this page in each of its other languages, each named in its own language
 * and marked with it, so it works before any script and a screen reader speaks each name right. None for a page in
 * English alone.
 */
export function languageSwitcher({ locale, route, locales }: PageLanguages): string {
  if (locales.length < 2) return '';
  const items = locales.map((l) => {
    const { native, tag } = LOCALE_FACTS[l];
    if (l === locale) return `<li><span aria-current="page" lang="${tag}">${escape(native)}</span></li>`;
    return `<li><a href="${escape(localizedPath(route, l))}" hreflang="${tag}" lang="${tag}" ${LOCALE_LINK_ATTRIBUTE}="${l}">${escape(native)}</a></li>`;
  });
  return `<nav class="language-switcher" aria-label="${escape(LOCALE_FACTS[locale].languageWord)}"><ul class="container">${items.join('')}</ul></nav>`;
}

/** The languages an Accept-Language header asks for, most wanted first: `hi-IN,hi;q=0.9,en;q=0.8` is hi, en. */
export function acceptedLocales(header: string | undefined): Locale[] {
  const asked = (header ?? '')
    .split(',')
    .map((part, order) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = Number(params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean) ?? 1);
      return { locale: range.trim().toLowerCase().split('-')[0], q: Number.isFinite(q) ? q : 0, order };
    })
    .filter((a) => a.q > 0 && isLocale(a.locale))
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return [...new Set(asked.map((a) => a.locale as Locale))];
}

/**
 * An English page as a visitor who reads another of its languages gets it: with an offer, in that language, to read
 * it there. The language is the one the visitor chose before (the cookie), else the first their browser asks for that
 * the page has. Nothing moves them: a reader who wants English, or a search engine, stays on the page they asked for.
 */
export function withLanguageOffer<Html extends string | Buffer>(
  page: Html,
  route: string,
  chosen: string | undefined,
  acceptLanguage: string | undefined,
): Html | string {
  // Most visitors ask for English, and most pages are in English alone: their bytes go out as they are, unread.
  const wanted = (isLocale(chosen) ? [chosen] : acceptedLocales(acceptLanguage)).filter((l) => l !== DEFAULT_LOCALE);
  if (!wanted.length || !page.includes(`<html lang="${LOCALE_FACTS[DEFAULT_LOCALE].tag}">`)) return page;
  // The first language wanted that the page links itself in (its hreflang alternates).
  const locale = wanted.find((l) => page.includes(`<link rel="alternate" hreflang="${LOCALE_FACTS[l].tag}"`));
  if (!locale) return page;
  const { tag, readIn } = LOCALE_FACTS[locale];
  const offer =
    `<aside class="language-offer" lang="${tag}"><a href="${escape(localizedPath(route, locale))}" hreflang="${tag}" ` +
    `${LOCALE_LINK_ATTRIBUTE}="${locale}">${escape(readIn)}</a></aside>`;
  return page.toString().replace('<body>', () => `<body>\n    ${offer}`);
}

/**
 * A page in another language with its words' chunk (src/shared/generated/locales) among the code its island loader
 * fetches ahead, so its first island hydrates without waiting for them.
 */
export function withLocaleCode(html: string, manifest: Manifest, locale: Locale): string {
  const file = locale === DEFAULT_LOCALE ? undefined : manifest[`src/shared/generated/locales/${locale}.ts`]?.file;
  if (!file) return html;
  return html.replace(`<meta name="${ISLAND_CODE_META}" content="`, (meta) => `${meta}/${file} `);
}
