/**
 * The keywords that word a schema for the page editor, read by it and by `npm run validate` alone: `label` names a
 * field, `invalid` says what to write when a value breaks the field's pattern, `choice` offers a member of a
 * one-of-its-members object (src/server/page-editor/editor-words.ts).
 */
export const EDITOR_KEYWORDS = ['label', 'invalid', 'choice'] as const;

/** Data inside a schema (its examples, defaults, constants), where a `label` is the data's own: never a keyword. */
export const DATA_KEYWORDS: ReadonlySet<string> = new Set(['examples', 'default', 'const', 'enum']);

const isEditorKeyword = (key: string, value: unknown) => typeof value === 'string' && (EDITOR_KEYWORDS as readonly string[]).includes(key);

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
