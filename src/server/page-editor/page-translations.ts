import type { PageTranslation } from '../../shared/api/page-editor';
import { composeCityPage, isCityFacts } from '../../shared/city-template';
import type { CityTemplate } from '../../shared/generated/city-template';
import { DEFAULT_LOCALE, isLocale } from '../../shared/locales';
import { missingTexts } from '../content-checks/missing-texts';
import { inCityFacts, templatePointer } from '../content-checks/city-template-rules';
import { readCityTemplate } from '../site/pages-on-disk';

/**
 * For each language a page lists, the texts of the page that have no words in it yet, by their pointers in the
 * document as the editor holds it (a city page: its facts); those its template writes are counted apart, since the
 * layout is translated in its own file. The editor shows them, and publishes in English meanwhile.
 */
export function pageTranslations(document: Record<string, unknown>): PageTranslation[] {
  const locales = (Array.isArray(document.locales) ? document.locales : []).filter(isLocale).filter((l) => l !== DEFAULT_LOCALE);
  if (!locales.length) return [];
  try {
    if (!isCityFacts(document)) return locales.map((locale) => ({ locale, missing: missingTexts(document, locale), inLayout: 0 }));
    const template = readCityTemplate(document.template) as unknown as CityTemplate;
    const { page, sections } = composeCityPage(document, template);
    const made = { facts: document, template, sections };
    return locales.map((locale) => {
      const found = missingTexts(page, locale);
      const inLayout = found.filter((pointer) => templatePointer(made, pointer) !== undefined);
      const missing = found.filter((pointer) => !inLayout.includes(pointer)).map((pointer) => inCityFacts(made, pointer, '').pointer);
      return { locale, missing, inLayout: inLayout.length };
    });
  } catch {
    return []; // a page that does not compose (a template there is not): its problems say so
  }
}
