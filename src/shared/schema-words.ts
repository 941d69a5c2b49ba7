/**
 * The keywords that word a schema for the page editor, each with the type of its value, read by it and by
 * `npm run validate` alone: `label` names a field, `invalid` says what to write when a value breaks the field's
 * pattern, `choice` offers a member of a one-of-its-members object, `optionLabels` names each value of a list to pick
 * from (primary: Main button), `hidden: true` leaves out of the forms a field the site fills in itself
 * (src/server/page-editor/editor-words.ts); `notText: true` marks a string that is data, the same in every language (an id, a
 * value sent with a form), where a visitor's words would be a `text` (src/shared/localized-text.ts).
 */
export const EDITOR_KEYWORDS = {
  label: 'string',
  invalid: 'string',
  choice: 'string',
  optionLabels: 'object',
  hidden: 'boolean',
  notText: 'boolean',
} as const;

/** Data inside a schema (its examples, defaults, constants), where a `label` is the data's own: never a keyword. */
export const DATA_KEYWORDS: ReadonlySet<string> = new Set(['examples', 'default', 'const', 'enum']);

/** Words by value: an object whose members are all text. */
const isWords = (value: unknown) =>
  !!value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');

/** A keyword of the editor's, told by its value from a member of `properties` with the same name (a button's `label`). */
function isEditorKeyword(key: string, value: unknown) {
  if (!Object.hasOwn(EDITOR_KEYWORDS, key)) return false;
  const type = EDITOR_KEYWORDS[key as keyof typeof EDITOR_KEYWORDS];
  return type === 'object' ? isWords(value) : typeof value === type;
}

/** A schema without the editor's words: for the types, where each worded reference would become a type of its own. */
export function withoutEditorWords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEditorWords);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, v]) =>
      isEditorKeyword(key, v) ? [] : [[key, DATA_KEYWORDS.has(key) ? v : withoutEditorWords(v)]],
    ),
  );
}

/** Marks, in the editor's schemas, a text that may carry its words in other languages (editor-words.ts `asText`). */
export const LOCALIZED_TEXT_MARK = 'localizedText';
