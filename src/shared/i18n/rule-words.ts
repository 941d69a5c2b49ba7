import type { Locale } from '../locales.ts';
import type { RuleWords } from '../rule-messages.ts';
import { message } from './messages.ts';

/** The words of a form's rule messages in a language, from its catalogue: "{label} is required". */
export function ruleWords(locale: Locale): RuleWords {
  return {
    required: (label) => message(locale, 'form.rule.required', { label }),
    maxLength: (label, max) => message(locale, 'form.rule.maxLength', { label, max: String(max) }),
    minLength: (label, min) => message(locale, 'form.rule.minLength', { label, min: String(min) }),
    // "Enter a valid email address": the field's name inside a sentence (a no-op for scripts without case).
    invalid: (label) => message(locale, 'form.rule.invalid', { label: label.toLowerCase() }),
    minimum: (label, min) => message(locale, 'form.rule.minimum', { label, min: String(min) }),
    maximum: (label, max) => message(locale, 'form.rule.maximum', { label, max: String(max) }),
  };
}
