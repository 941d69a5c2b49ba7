/** JSON pointers (RFC 6901): `/blocks/0/heading`, with `~1` for a `/` and `~0` for a `~` inside a key. */

/** A pointer's keys, unescaped: `/a~1b/0` is `a/b`, `0`. The root (`''`) has none. */
export const pointerKeys = (pointer: string): string[] =>
  pointer
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));

/** One key as a pointer's segment, its leading slash included: `a/b` is `/a~1b`. */
export const pointerSegment = (key: string | number): string => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** The value a pointer names in a document, or undefined where there is none. */
export function valueAt(document: unknown, pointer: string): unknown {
  let value = document;
  for (const key of pointerKeys(pointer)) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
