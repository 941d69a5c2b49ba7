import type { RJSFSchema, ValidatorType } from '@rjsf/utils';

type Schema = RJSFSchema | boolean;

/**
 * Whether data fits a schema in what decides a form's shape: required members, constants, enums, options and members'
 * own schemas. rjsf asks this to pick the branch of an `if`/`then` (an event with a date) or a `oneOf`. Full checking is
 * the server's: it runs the rules of `npm run validate` and the editor shows each problem at its field. (The browser
 * compiles no schema code: the site's Content Security Policy forbids it.)
 */
function fits(schema: Schema | undefined, data: unknown): boolean {
  if (schema === undefined || typeof schema === 'boolean') return schema !== false;
  if ('const' in schema && schema.const !== data) return false;
  if (schema.enum && !schema.enum.includes(data as never)) return false;
  // One of its options (a list's values in words, each a constant; rjsf's "any member present" when it picks a choice).
  for (const options of [schema.oneOf, schema.anyOf]) if (options && !options.some((option) => fits(option as Schema, data))) return false;
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const record = data as Record<string, unknown>;
    if (schema.required?.some((key) => record[key] === undefined)) return false;
    for (const [key, member] of Object.entries(schema.properties ?? {})) {
      if (key in record && !fits(member as Schema, record[key])) return false;
    }
  }
  return true;
}

/** The rjsf validator of the editor's block forms: it never blocks a change; problems come from the server. */
export const editorValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: (schema, formData) => fits(schema, formData),
  rawValidation: () => ({ errors: [] }),
};
