import { DATA_KEYWORDS, LOCALIZED_TEXT_MARK } from '../../shared/schema-words';

type Schema = Record<string, unknown>;
const isSchema = (value: unknown): value is Schema => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * An object that holds exactly one of its members (a button's action: scroll, go to a page, call, e-mail or open a
 * popup) as one choice among them, each by its `choice` words: the form shows a list to pick from, then that one field.
 */
function asChoice(schema: Schema): Schema {
  const { properties, minProperties, maxProperties, additionalProperties: _closed, ...rest } = schema;
  if (minProperties !== 1 || maxProperties !== 1 || !isSchema(properties)) return schema;
  const oneOf = Object.entries(properties).map(([key, member]) => {
    const { choice, ...field } = isSchema(member) ? member : {};
    return {
      title: typeof choice === 'string' ? choice : typeof field.title === 'string' ? field.title : key,
      type: 'object',
      properties: { [key]: field },
      required: [key],
      additionalProperties: false,
    };
  });
  return { ...rest, oneOf };
}

/**
 * A list to pick from whose values are codes (primary, timeline) with words for each in `optionLabels`: the form shows
 * the words and keeps the code. A value without words shows as it is.
 */
function asOptions(schema: Schema): Schema {
  const { enum: values, optionLabels, ...rest } = schema;
  if (!Array.isArray(values) || !isSchema(optionLabels)) return schema;
  const words = (value: unknown) => optionLabels[String(value)];
  return {
    ...rest,
    oneOf: values.map((value) => ({ const: value, title: typeof words(value) === 'string' ? words(value) : String(value) })),
  };
}

/** The members a form shows: not those `hidden` from it, which the site fills in itself (a city offices' list). */
const shownMembers = (properties: Schema) =>
  Object.fromEntries(
    Object.entries(properties).flatMap(([key, member]) =>
      isSchema(member) && member.hidden === true ? [] : [[key, inEditorWords(member)]],
    ),
  );

/**
 * A schema as the page editor's forms show it, in the words of the people who write pages: each field titled by its
 * `label`, and no other title (the schemas' titles name the code's types, such as HeroBlock); a field holding one of
 * its members is a choice; a list's codes read as their words; a field the site fills in is left out.
 */
export function inEditorWords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inEditorWords);
  if (!isSchema(value)) return value;
  const out: Schema = {};
  for (const [key, member] of Object.entries(value)) {
    if (key === 'label' && typeof member === 'string') out.title = member;
    else if ((key === 'title' && typeof member === 'string') || (key === 'hidden' && typeof member === 'boolean')) continue;
    else if (key === 'properties' && isSchema(member)) out.properties = shownMembers(member);
    else out[key] = DATA_KEYWORDS.has(key) || key === 'optionLabels' ? member : inEditorWords(member);
  }
  return asChoice(asOptions(asText(out)));
}

/**
 * A text a visitor reads, written as a string or as its words per language (schemas/common.json `text`): the form
 * shows it as a text field, with a box for each language it has (src/portal/pages/localized-text-field.tsx).
 */
function asText(schema: Schema): Schema {
  // The definition's description tells developers how a text is written; a field says what it is for itself.
  const { type, required, properties: _en, propertyNames: _locales, additionalProperties: _words, description: _how, ...rest } = schema;
  const isText = Array.isArray(type) && type.includes('object') && Array.isArray(required) && required.join() === 'en';
  return isText ? { ...rest, type: 'string', [LOCALIZED_TEXT_MARK]: true } : schema;
}
