// Extensions written out: vite.config.ts loads this module (the dev server's page data) with Node's own rules.
import type { CityLink, PageDocument } from './generated/page-document.ts';
import { withCityFacts } from './city-facts.ts';
import { withCityList } from './city-list.ts';
import { fillPlaceholders } from './placeholders.ts';
import { DEFAULT_LOCALE, localizedRoute, type Locale } from './locales.ts';
import { inLocale } from './localized-text.ts';

/**
 * A page of pages/ as it is rendered, whoever renders it (the build, the editor's renders, the dev server): in one of
 * its languages, at that language's route (/gu/franchise/surat), its city's facts where they show, the site's city
 * pages where they are listed, its placeholders filled with the site's values.
 */
export function renderedDocument(
  page: PageDocument,
  cities: readonly CityLink[],
  values: Record<string, string>,
  locale: Locale = DEFAULT_LOCALE,
): PageDocument {
  const filled = fillPlaceholders(withCityList(withCityFacts(inLocale(page, locale)), cities), values);
  return locale === DEFAULT_LOCALE ? filled : { ...filled, route: localizedRoute(filled.route, locale) };
}
