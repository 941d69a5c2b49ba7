import type { RJSFValidationError } from '@rjsf/utils';

/**
 * ajv-errors reports the messages of missing required fields on the form itself; each belongs under its field.
 * Keeps one message per field: the first, since every rule of a field speaks in that field's one text.
 */
export function moveRequiredMessagesToFields(errors: RJSFValidationError[]): RJSFValidationError[] {
  const seen = new Set<string>();
  const out: RJSFValidationError[] = [];
  for (const error of errors) {
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
