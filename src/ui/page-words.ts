import { localeModule, type PageWords } from '../shared/page-locales';
import { usePageLocale } from './site-navigation';

/** The words a public page says itself (src/shared/i18n/messages, page.*), in the language of the page shown. */
export function usePageWords(): PageWords {
  return localeModule(usePageLocale()).words;
}

/** A page word with its placeholders ({city}, {n}…) filled; one not given stays as written. */
export function fillWord(word: string, values: Record<string, string | number> = {}): string {
  return word.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
}
