import rawSite from '../../pages/site.json';
import type { SiteConfig } from '../shared/generated/site-config';
import { fillPlaceholders, formPlaceholderValues, placeholderValues } from '../shared/placeholders';

/** What {brand}, {phone}, ... stand for on this site. */
export const siteValues = placeholderValues(rawSite as SiteConfig);

/** pages/site.json with its {placeholders} filled. */
export const site: SiteConfig = fillPlaceholders(rawSite as SiteConfig, siteValues);

/** Fills {brand}, {phone}, ... in any page or form document. */
export function fillSite<T>(value: T): T {
  return fillPlaceholders(value, siteValues);
}

/** Fills a form's {placeholders}: the site's, and {replyHours} as the form promises. */
export function fillForm<T extends { responseHours?: number }>(form: T): T {
  return fillPlaceholders(form, formPlaceholderValues(siteValues, form));
}
