// Node only: the browser reads a form's schema in its language from what npm run generate compiled
// (src/content/form-registry.ts), so the catalogue's formatter stays out of its code.
import type { Locale } from './locales.ts';
import { inLocale } from './localized-text.ts';
import { withRuleMessages } from './rule-messages.ts';
import { ruleWords } from './i18n/rule-words.ts';

/**
 * A form as a page in one language shows it: each text in that language (English where it has none), and a message
 * for each rule of each field in that language's words. The validator of the language is compiled from this schema.
 */
export function formInLocale<T extends { schema: object }>(form: T, locale: Locale): T {
  const resolved = inLocale(form, locale);
  return { ...resolved, schema: withRuleMessages(resolved.schema, ruleWords(locale)) };
}
