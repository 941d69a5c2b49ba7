import { site as englishSite } from '../shared/generated/locales/en';
import type { SiteConfig } from '../shared/generated/site-config';
import type { Locale } from '../shared/locales';
import { localeModule } from '../shared/page-locales';
import { fillPlaceholders, formPlaceholderValues, placeholderValues } from '../shared/placeholders';

/** What {brand}, {phone}, ... stand for on this site. */
export const siteValues = placeholderValues(englishSite);

const filled = new WeakMap<SiteConfig, SiteConfig>();

/**
 * pages/site.json in a language (English where a text has none there, or while the language has not loaded), its
 * {placeholders} filled.
 */
export function siteIn(locale: Locale): SiteConfig {
  const written = localeModule(locale).site;
  let config = filled.get(written);
  if (!config) filled.set(written, (config = fillPlaceholders(written, siteValues)));
  return config;
}

/** pages/site.json in English, its {placeholders} filled: the site's facts, and its words as staff read them. */
export const site: SiteConfig = siteIn('en');

/** Fills {brand}, {phone}, ... in any page or form document. */
export function fillSite<T>(value: T): T {
  return fillPlaceholders(value, siteValues);
}

/** Fills a form's {placeholders}: the site's, and {replyHours} as the form promises. */
export function fillForm<T extends { responseHours?: number }>(form: T): T {
  return fillPlaceholders(form, formPlaceholderValues(siteValues, form));
}
