import { createHash } from 'node:crypto';
import type { Captcha, CaptchaCheck } from '../captcha/captcha';
import type { Locale } from '../../shared/locales';
import type { Queryable } from '../db/database';
import type { CatalogForm } from './form-catalog';
import { fieldErrorsOf, formFieldsOf } from '../../shared/form-field-errors';
import { CAPTCHA_MESSAGE } from '../../shared/constants';
import type { FieldError } from '../../shared/api/error-body';
import { recordSpent } from '../captcha/store';
import { holdsPhone, toE164 } from '../../shared/phone';

export type { FieldError };

/** A refusal found inside a transaction: it rolls back, and the caller answers with these errors. */
export class Rejected extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => e.message).join('; '));
  }
}

/** What a page's use of a form decides: the values it fixes, and the options it offers of a choice field. */
export interface PageRules {
  fixed?: Record<string, string>;
  choices?: Record<string, string[]>;
}

/**
 * A form's data as the server keeps it and what is wrong with it: only the fields the schema knows, the page's fixed
 * values on top, checked by the compiled validator with the messages the browser shows, and the captcha verified.
 */
export async function checkFormData(
  form: CatalogForm,
  raw: Record<string, unknown>,
  { fixed, choices, captcha, token, clientIp }: PageRules & { captcha: Captcha; token?: string; clientIp?: string },
): Promise<{ data: Record<string, unknown>; errors: FieldError[]; check: CaptchaCheck }> {
  const { data, errors: fieldErrors } = checkFields(form, raw, { fixed, choices });
  const check: CaptchaCheck = form.definition.captcha ? await captcha.verify(token, clientIp) : { ok: true };
  if (!check.ok) fieldErrors.push({ field: 'captcha', message: CAPTCHA_MESSAGE });
  return { data, errors: fieldErrors, check };
}

/**
 * A form's own fields of what was sent, with the page's fixed values on top, and what its schema finds wrong; a choice
 * the page does not offer (another city's industry) is refused in the field's own words.
 */
export function checkFields(
  { definition, validator }: CatalogForm,
  raw: Record<string, unknown>,
  { fixed = {}, choices = {} }: PageRules = {},
) {
  const { schema } = definition;
  const data = { ...formFieldsOf(schema, raw), ...fixed };
  const errors = fieldErrorsOf(validator, schema, data);
  for (const [field, offered] of Object.entries(choices)) {
    if (data[field] === undefined || offered.includes(String(data[field])) || errors.some((e) => e.field === field)) continue;
    errors.push({ field, message: notOfferedMessage(schema.properties?.[field], field) });
  }
  storePhonesAsE164(schema.properties ?? {}, data);
  return { data, errors };
}

/** A field's own message (withRuleMessages puts it under "_"), or words naming the field. */
function notOfferedMessage(field: unknown, name: string): string {
  const { title, errorMessage } = (field ?? {}) as { title?: string; errorMessage?: { _?: string } };
  return errorMessage?._ ?? `Please choose one of the ${title ?? name} options shown`;
}

/**
 * Every phone field as stored, searched and matched: E.164 (+919876543210), however the visitor wrote it. A value
 * that is not a valid number stays as sent (the validator has refused it).
 */
function storePhonesAsE164(fields: Record<string, unknown>, data: Record<string, unknown>) {
  for (const [key, field] of Object.entries(fields)) {
    const value = data[key];
    if (typeof value === 'string' && holdsPhone((field as { format?: unknown } | null)?.format)) data[key] = toE164(value) ?? value;
  }
}

/** Spends a passed captcha inside the submission's transaction: the second use of a token is refused. */
export async function spendCaptcha(tx: Queryable, check: CaptchaCheck) {
  if (!(await recordSpent(tx, check))) throw new Rejected([{ field: 'captcha', message: CAPTCHA_MESSAGE }]);
}

/**
 * The consent notice a form showed, as stored with what the visitor sent: its words as the page showed them, their
 * language, and the notice's version (a digest of those words: any change of wording is another version).
 */
export function consentRecord(consent: string | undefined, locale: Locale, page: string, givenAt: Date): string | null {
  if (!consent) return null;
  const version = createHash('sha256').update(consent).digest('hex').slice(0, 12);
  return JSON.stringify({ text: consent, lang: locale, version, givenAt: givenAt.toISOString(), page });
}
