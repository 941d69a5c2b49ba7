/**
 * The one rule for phone numbers, in the browser and on the server: a number is read as Indian unless it starts with
 * a country code (+44, 0044), so "98790 11223", "098790 11223", "+91 98790-11223" and "0091 9879011223" are one
 * number. It is stored in E.164 ("+919879011223"), matched only as that whole number, and shown as "+91 98790 11223".
 * The min metadata checks each country's lengths and leading digits: enough for what a visitor types, and the
 * smallest build (forms load it lazily, with their validators).
 */
import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/min';

/** What a phone number is written with: digits, a leading +, spaces, dashes, dots and brackets. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]{4,30}$/;

/** The number a text writes, if it is a whole, valid phone number (an Indian one without a country code). */
function parsePhone(text: string): PhoneNumber | undefined {
  const written = text.trim();
  if (!PHONE_CHARACTERS.test(written)) return undefined;
  const number = parsePhoneNumberFromString(written, { defaultCountry: 'IN', extract: false });
  return number?.isValid() ? number : undefined;
}

/** Whether a text is a valid phone number: the "phone" format of pages/forms/*.json and schemas/. */
export const isPhone = (text: string) => parsePhone(text) !== undefined;

/** The number in E.164 ("+919876543210"), or undefined when the text is not a valid phone number. */
export const toE164 = (text: string) => parsePhone(text)?.number;

/** The number as people read it ("+91 98765 43210"); a text that is not a valid number is shown as it was written. */
export const formatPhone = (text: string) => parsePhone(text)?.formatInternational() ?? text;

/**
 * What a search of the values visitors typed looks for: a phone number as it is stored (E.164), however it was written
 * ("98790 11223", "+91 98790-11223"); any other text as it is.
 */
export const searchTextOf = (typed: string) => toE164(typed) ?? typed;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The formats the compiled validators call (npm run generate names this object in their code, and registers it on
 * every ajv that checks pages/ and schemas/), so the browser, the server and the build agree. "email-or-phone" is
 * /your-data's field: an email address, or else a phone number.
 */
export const phoneFormats = {
  phone: isPhone,
  'email-or-phone': (text: string) => (text.includes('@') ? EMAIL.test(text) : isPhone(text)),
};

/** Whether a schema format holds a phone number, which the server stores in E.164. */
export const holdsPhone = (format: unknown) => typeof format === 'string' && Object.hasOwn(phoneFormats, format);
