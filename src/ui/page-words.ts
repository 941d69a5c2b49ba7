import { localeModule, type PageWords } from '../shared/page-locales';
import { usePageLocale } from './site-navigation';

/** The words a public page says itself (src/shared/i18n/messages, page.*), in the language of the page shown. */
export function usePageWords(): PageWords {
  return localeModule(usePageLocale()).words;
}
