/**
 * One message per rule of a form's field. A form's JSON gives a field one message (the spec's text: "Name is
 * required", "Enter a valid email address"), which speaks for what the field means: filled in, well formed. A length
 * limit is another matter (a name too long is not a name missing), so it gets its own message unless the form names
 * one; a field or a required field with no message gets a plain one per rule. The form's compiled validator
 * (npm run generate), the server and the browser all use the schema this returns, so they agree word for word.
 */

type Messages = Record<string, string>;

interface FieldSchema {
  title?: string;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  errorMessage?: string | Messages;
  [keyword: string]: unknown;
}

interface FormSchema {
  required?: string[];
  properties?: Record<string, unknown>;
  errorMessage?: { required?: Messages } & Record<string, unknown>;
  [keyword: string]: unknown;
}

/** The words of each rule's message in a language: `{label} is required`, from the catalogue (src/shared/i18n). */
export interface RuleWords {
  required: (label: string) => string;
  maxLength: (label: string, max: number) => string;
  minLength: (label: string, min: number) => string;
  invalid: (label: string) => string;
  minimum: (label: string, min: number) => string;
  maximum: (label: string, max: number) => string;
}

/** The message of each rule the field has that its own message does not cover. */
function ruleDefaults(field: FieldSchema, label: string, general: string | undefined, words: RuleWords): Messages {
  const rules: Messages = {};
  if (field.maxLength !== undefined) rules.maxLength = words.maxLength(label, field.maxLength);
  if (general) return rules;
  if (field.minLength !== undefined)
    rules.minLength = field.minLength <= 1 ? words.required(label) : words.minLength(label, field.minLength);
  if (field.pattern !== undefined || field.format !== undefined) {
    rules.pattern = words.invalid(label);
    rules.format = rules.pattern;
  }
  if (field.minimum !== undefined) rules.minimum = words.minimum(label, field.minimum);
  if (field.maximum !== undefined) rules.maximum = words.maximum(label, field.maximum);
  return rules;
}

function fieldWithMessages(field: FieldSchema, key: string, words: RuleWords): FieldSchema {
  const written = field.errorMessage;
  const byRule = typeof written === 'object' ? written : {};
  const general = typeof written === 'string' ? written : byRule._;
  const messages = { ...ruleDefaults(field, field.title ?? key, general, words), ...byRule, ...(general ? { _: general } : {}) };
  return Object.keys(messages).length ? { ...field, errorMessage: messages } : field;
}

/** A form's data schema (in one language) with a message for each rule, in that language's words. */
export function withRuleMessages<T extends object>(schema: T, words: RuleWords): T {
  const form = schema as FormSchema;
  if (!form.properties) return schema;
  const properties = Object.fromEntries(
    Object.entries(form.properties).map(([key, field]) => [
      key,
      field && typeof field === 'object' ? fieldWithMessages(field as FieldSchema, key, words) : field,
    ]),
  );
  const given = form.errorMessage?.required ?? {};
  const required = Object.fromEntries(
    (form.required ?? []).map((key) => [key, given[key] ?? words.required((properties[key] as FieldSchema | undefined)?.title ?? key)]),
  );
  const errorMessage = form.required?.length ? { ...form.errorMessage, required } : form.errorMessage;
  return { ...schema, properties, ...(errorMessage ? { errorMessage } : {}) } as T;
}
