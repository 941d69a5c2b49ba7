// Node only (the forms' validators are compiled with these words by npm run generate; the server words mail): the
// browser gets them inside what was compiled, never the formatter.
import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LOCALE, LOCALE_FACTS, type Locale } from '../locales.ts';
import { JOB_LOCALES } from '../job-locales.ts';
import en from './messages/en.json' with { type: 'json' };
import hi from './messages/hi.json' with { type: 'json' };
import gu from './messages/gu.json' with { type: 'json' };
import ta from './messages/ta.json' with { type: 'json' };
import te from './messages/te.json' with { type: 'json' };
import pa from './messages/pa.json' with { type: 'json' };

/** The words the product says itself, around what pages and forms say: a key names each, its text is an ICU message. */
export type MessageKey = keyof typeof en;

/**
 * Each language's catalogue (src/shared/i18n/messages/<code>.json). English has every key; a language may publish
 * pages only once its catalogue has every key too (missingMessages).
 */
const catalogues: Record<Locale, Partial<Record<MessageKey, string>>> = { en, hi, gu, ta, te, pa };

const formats = new Map<string, IntlMessageFormat>();

/** A message in a language, its {arguments} filled; English where the language's catalogue lacks the key. */
export function message(locale: Locale, key: MessageKey, values: Record<string, string | number> = {}): string {
  const own = catalogues[locale][key];
  const [text, language] = own === undefined ? [en[key], DEFAULT_LOCALE] : [own, locale];
  const id = `${language}\0${key}`;
  let format = formats.get(id);
  if (!format) formats.set(id, (format = new IntlMessageFormat(text, LOCALE_FACTS[language].tag)));
  return String(format.format(values));
}

/**
 * Whether pages in a language say a message: every one, but the job openings' words (page.jobs.*) only in the
 * languages jobs are written in, as no other language has those pages.
 */
export const saysMessage = (locale: Locale, key: MessageKey) =>
  !key.startsWith('page.jobs.') || locale === DEFAULT_LOCALE || (JOB_LOCALES as readonly Locale[]).includes(locale);

/** The keys a language's catalogue lacks that its pages say: a page in that language would show them in English. */
export function missingMessages(locale: Locale): MessageKey[] {
  return (Object.keys(en) as MessageKey[]).filter((key) => catalogues[locale][key] === undefined && saysMessage(locale, key));
}
