import { addLocale, hasLocale, type LocaleModule } from '../shared/page-locales';
import type { Locale } from '../shared/locales';

// One chunk per language: a page loads its own before it renders or hydrates.
const loaders = import.meta.glob<LocaleModule>('/src/shared/generated/locales/*.ts');

/** Loads what a page in a language reads of itself (its site words and its own), once. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (hasLocale(locale)) return;
  const load = loaders[`/src/shared/generated/locales/${locale}.ts`];
  if (load) addLocale(locale, await load());
}
