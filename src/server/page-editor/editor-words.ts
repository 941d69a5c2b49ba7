import { DATA_KEYWORDS } from '../../shared/schema-words';

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
 * A schema as the page editor's forms show it, in the words of the people who write pages: each field titled by its
 * `label`, and no other title (the schemas' titles name the code's types, such as HeroBlock); a field holding one of
 * its members is a choice.
 */
export function inEditorWords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inEditorWords);
  if (!isSchema(value)) return value;
  const out: Schema = {};
  for (const [key, member] of Object.entries(value)) {
    if (key === 'label' && typeof member === 'string') out.title = member;
    else if (key === 'title' && typeof member === 'string') continue;
    else out[key] = DATA_KEYWORDS.has(key) ? member : inEditorWords(member);
  }
  return asChoice(out);
}
