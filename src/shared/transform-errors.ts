import type { RJSFValidationError } from '@rjsf/utils';

/**
 * ajv-errors reports the messages of missing required fields on the form itself; each belongs under its field.
 * Keeps one message per field: the first, since every rule of a field speaks in that field's one text. A rule that
 * applies only in some case (if/then) reports its field's own message and also that the form "must match then":
 * the second says nothing to a visitor and is left out.
 */
export function moveRequiredMessagesToFields(errors: RJSFValidationError[]): RJSFValidationError[] {
  const seen = new Set<string>();
  const out: RJSFValidationError[] = [];
  for (const error of errors) {
    if (error.name === 'if') continue;
    let property = error.property ?? '';
    if (error.name === 'errorMessage' && !property) {
      const inner = (error.params as { errors?: { params?: { missingProperty?: string } }[] })?.errors ?? [];
      const missing = inner[0]?.params?.missingProperty;
      if (missing) property = `.${missing}`;
    }
    if (seen.has(property)) continue;
    seen.add(property);
    out.push({ ...error, property, stack: error.message ?? '' });
  }
  return out;
}
