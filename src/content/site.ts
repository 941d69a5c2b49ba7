import rawSite from '../../pages/site.json';
import type { SiteConfig } from '../shared/generated/site-config';
import { inLocale } from '../shared/localized-text';
import { DEFAULT_LOCALE, type Locale } from '../shared/locales';
import { fillPlaceholders, formPlaceholderValues, placeholderValues } from '../shared/placeholders';

/** pages/site.json as written: its texts may carry their words in other languages. */
const written = rawSite as unknown as SiteConfig;

/** What {brand}, {phone}, ... stand for on this site. */
export const siteValues = placeholderValues(written);

const inLanguages = new Map<Locale, SiteConfig>();

/** pages/site.json in a language (English where a text has none there), its {placeholders} filled. */
export function siteIn(locale: Locale): SiteConfig {
  let config = inLanguages.get(locale);
  if (!config) inLanguages.set(locale, (config = fillPlaceholders(inLocale(written, locale), siteValues)));
  return config;
}

/** pages/site.json in English, its {placeholders} filled: the site's facts, and its words as staff read them. */
export const site: SiteConfig = siteIn(DEFAULT_LOCALE);

/** Fills {brand}, {phone}, ... in any page or form document. */
export function fillSite<T>(value: T): T {
  return fillPlaceholders(value, siteValues);
}

/** Fills a form's {placeholders}: the site's, and {replyHours} as the form promises. */
export function fillForm<T extends { responseHours?: number }>(form: T): T {
  return fillPlaceholders(form, formPlaceholderValues(siteValues, form));
}
