import { isLocale, LOCALES, type Locale } from './locales.ts';
import { pointerKeys, valueAt } from './json-pointer.ts';

/**
 * A text of a page in several languages, as schemas/common.json's `text` allows it: `{ "en": "Register Now", "hi":
 * "अभी रजिस्टर करें" }`. A plain string is the English text alone.
 */
export type LocalizedText = { en: string } & Partial<Record<Locale, string>>;

/** A value written as a text in each language: an object of strings keyed by language codes, English among them. */
export function isLocalizedText(value: unknown): value is LocalizedText {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return typeof (value as { en?: unknown }).en === 'string' && entries.every(([key, v]) => isLocale(key) && typeof v === 'string');
}

/** A text in a language: its words there, or the English where it has none. */
export function textIn(value: string | LocalizedText, locale: Locale): string {
  return typeof value === 'string' ? value : (value[locale] ?? value.en);
}

/**
 * A document as a page in one language reads it: every text written in several languages becomes its words in that
 * one (English where a text has none). Data is never written that way, so the walk needs no schema.
 */
export function inLocale<T>(document: T, locale: Locale): T {
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (!value || typeof value !== 'object') return value;
    if (isLocalizedText(value)) return textIn(value, locale);
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, resolve(v)]));
  };
  return resolve(document) as T;
}

/** Each language's words of a text, changed by `change`: a plain string is changed as the English. */
export function mapText(value: string | LocalizedText, change: (words: string, locale: Locale) => string): string | LocalizedText {
  if (typeof value === 'string') return change(value, 'en');
  return Object.fromEntries(Object.entries(value).map(([locale, words]) => [locale, change(words, locale as Locale)])) as LocalizedText;
}

/** Every text of a document written per language. */
export function textsIn(document: unknown): LocalizedText[] {
  const found: LocalizedText[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    if (isLocalizedText(value)) found.push(value);
    else Object.values(value).forEach(visit);
  };
  visit(document);
  return found;
}

/** The languages a document has any text in, English first. */
export function localesIn(document: unknown): Locale[] {
  const found = new Set<Locale>(['en', ...textsIn(document).flatMap((text) => Object.keys(text) as Locale[])]);
  return LOCALES.filter((l) => found.has(l));
}

/**
 * A document with a language's words added to its texts, each given by its JSON pointer: the text becomes (or stays)
 * words per language, its English kept. A pointer at no string or localized text is refused, naming it.
 */
export function withTranslations<T>(document: T, locale: Locale, translations: Record<string, string>): T {
  const copy = structuredClone(document) as unknown;
  for (const [pointer, words] of Object.entries(translations)) {
    const last = pointerKeys(pointer).at(-1);
    const parent = valueAt(copy, pointer.slice(0, pointer.lastIndexOf('/'))) as Record<string, unknown> | undefined;
    const text = last === undefined || !parent || typeof parent !== 'object' ? undefined : parent[last];
    if (last === undefined || !parent || (typeof text !== 'string' && !isLocalizedText(text))) throw new Error(`${pointer} is not a text`);
    parent[last] = { ...(typeof text === 'string' ? { en: text } : text), [locale]: words };
  }
  return copy as T;
}

/**
 * Where a problem of a text is told: at the text, not at the words of one of its languages (`/heading/en` is the
 * heading, whose field the editor shows). Any other pointer is as given.
 */
export function textPointerOf(document: unknown, pointer: string): string {
  const at = pointer.lastIndexOf('/');
  if (at < 0 || !isLocale(pointer.slice(at + 1))) return pointer;
  const parent = pointer.slice(0, at);
  const value = valueAt(document, parent);
  return value && typeof value === 'object' && !Array.isArray(value) && 'en' in value ? parent : pointer;
}
