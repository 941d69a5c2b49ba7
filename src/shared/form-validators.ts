import { DEFAULT_LOCALE, type Locale } from './locales.ts';

/**
 * The name of a form's compiled validator in a language (src/shared/generated/validators): `city-lead` in English,
 * `city-lead.gu` in Gujarati.
 */
export const validatorName = (formId: string, locale: Locale) => (locale === DEFAULT_LOCALE ? formId : `${formId}.${locale}`);
