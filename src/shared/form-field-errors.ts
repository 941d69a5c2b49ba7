import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { FieldError } from './api/error-body';
import { moveRequiredMessagesToFields } from './transform-errors';

/** A form's own fields of what was sent: those its schema knows, an empty one left out (it counts as missing). */
export function formFieldsOf(schema: RJSFSchema, raw: Record<string, unknown>): Record<string, unknown> {
  const known = Object.keys(schema.properties ?? {});
  return Object.fromEntries(Object.entries(raw).filter(([key, value]) => known.includes(key) && value !== null && value !== ''));
}

/**
 * What a form's compiled validator finds wrong with its data: one message per field, in the form's own words, in the
 * order of its fields. The server asks this of every submission, and a screen that lays out a form of its own (the
 * complaint popup) asks it in the browser, so the two agree word for word.
 */
export function fieldErrorsOf(validator: ValidatorType, schema: RJSFSchema, data: Record<string, unknown>): FieldError[] {
  const { errors } = validator.validateFormData(data, schema, undefined, moveRequiredMessagesToFields);
  const order = Object.keys(schema.properties ?? {});
  const place = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return errors
    .map((e) => ({ field: (e.property ?? '').replace(/^\./, ''), message: e.message ?? 'Invalid value' }))
    .sort((a, b) => place(a.field) - place(b.field));
}
