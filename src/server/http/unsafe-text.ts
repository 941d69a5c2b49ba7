/** NUL and unpaired UTF-16 surrogates: PostgreSQL refuses both in text and jsonb, and no visitor means to type them. */
const UNSAFE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const hasUnsafeText = (text: string) => UNSAFE.test(text);

/**
 * The paths (dot-separated, as the API names fields) of every string or key holding unsafe text. Iterative, so a
 * deeply nested body cannot overflow the stack; stops after `limit` findings.
 */
export function unsafeTextPaths(value: unknown, limit = 20): string[] {
  const found: string[] = [];
  const queue: [unknown, string][] = [[value, '']];
  // Iterating an array sees what is pushed onto it meanwhile: a breadth-first walk.
  for (const [item, path] of queue) {
    if (found.length >= limit) break;
    if (typeof item === 'string') {
      if (hasUnsafeText(item)) found.push(path);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (hasUnsafeText(key)) {
          found.push(path);
          break;
        }
        queue.push([child, childPath]);
      }
    }
  }
  return found;
}
