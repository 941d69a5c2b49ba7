import { isDeepStrictEqual } from 'node:util';
import { applyEdits, findNodeAtLocation, parseTree, type Edit, type JSONPath, type Node } from 'jsonc-parser';
import { pageChanges, type PageChange } from '../../shared/page-diff';
import { pointerKeys } from '../../shared/json-pointer';

/** Prettier's printWidth (.prettierrc.json): a value written in place stays on one line when it fits. */
const LINE_WIDTH = 140;

const lineStart = (text: string, offset: number) => text.lastIndexOf('\n', offset - 1) + 1;
const indentAt = (text: string, offset: number) => /^[ \t]*/.exec(text.slice(lineStart(text, offset)))?.[0] ?? '';

/** A value on one line, spaced as the page files and Prettier space it: `{ "name": "Surat" }`, `["a", "b"]`. */
function oneLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (value && typeof value === 'object') {
    const members = Object.entries(value).map(([key, v]) => `${JSON.stringify(key)}: ${oneLine(v)}`);
    return members.length ? `{ ${members.join(', ')} }` : '{}';
  }
  return JSON.stringify(value);
}

/** A value written from `column` of a line indented by `indent`: on one line when it fits, else one member a line. */
function written(value: unknown, indent: string, column: number): string {
  const inline = oneLine(value);
  return column + inline.length <= LINE_WIDTH ? inline : JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`);
}

/** A JSON pointer as a path into `value`: list indices as numbers. */
function pathIn(value: unknown, pointer: string): JSONPath {
  const path: JSONPath = [];
  let at = value;
  for (const key of pointerKeys(pointer)) {
    const segment = Array.isArray(at) ? Number(key) : key;
    path.push(segment);
    at = (at as Record<string | number, unknown> | undefined)?.[segment];
  }
  return path;
}

function nodeAt(root: Node, path: JSONPath): Node {
  const node = findNodeAtLocation(root, path);
  if (!node) throw new Error(`no value at ${path.join('/')}`);
  return node;
}

/** The edit that makes one change, with the text around it as it was. */
function editFor(text: string, path: JSONPath, change: PageChange): Edit {
  const root = parseTree(text);
  if (!root) throw new Error('not JSON');
  if (!('after' in change)) {
    // A member goes with its key, and with the comma and line break before it (after it, for the first member).
    const value = nodeAt(root, path);
    const item = value.parent?.type === 'property' ? value.parent : value;
    const siblings = item.parent?.children ?? [];
    const index = siblings.indexOf(item);
    const previous = siblings[index - 1];
    const next = siblings[index + 1];
    const begin = previous ? previous.offset + previous.length : (item.parent?.offset ?? 0) + 1;
    const end = !previous && next ? next.offset : item.offset + item.length;
    return { offset: begin, length: end - begin, content: '' };
  }
  if ('before' in change) {
    const value = nodeAt(root, path);
    const column = value.offset - lineStart(text, value.offset);
    return { offset: value.offset, length: value.length, content: written(change.after, indentAt(text, value.offset), column) };
  }
  // Added at the end of its object or list, on a line of its own when the member before it has one.
  const parent = nodeAt(root, path.slice(0, -1));
  const key = path.at(-1);
  const member = typeof key === 'string' ? `${JSON.stringify(key)}: ` : '';
  const last = parent.children?.at(-1);
  if (!last) {
    const [open, close] = parent.type === 'object' ? ['{ ', ' }'] : ['[', ']'];
    return { offset: parent.offset, length: parent.length, content: `${open}${member}${oneLine(change.after)}${close}` };
  }
  const end = last.offset + last.length;
  const ownLine = /^[ \t]*$/.test(text.slice(lineStart(text, last.offset), last.offset));
  const indent = indentAt(text, last.offset);
  const column = (ownLine ? indent.length : end - lineStart(text, end) + 2) + member.length;
  return { offset: end, length: 0, content: `${ownLine ? `,\n${indent}` : ', '}${member}${written(change.after, indent, column)}` };
}

/**
 * `after` written over `text` with the fewest edits: each value that differs is replaced, added or removed where it
 * is, so the rest of the file keeps its layout (which members share a line, its indentation) and a diff shows only
 * what changed.
 */
export function rewriteJson(text: string, after: unknown): string {
  const before: unknown = JSON.parse(text);
  const sameKind = (a: unknown, b: unknown) => typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b);
  if (!before || !after || !sameKind(before, after)) return `${JSON.stringify(after, null, 2)}\n`;
  const changes = pageChanges(before, after);
  // Removals last and from the end, so the indices of a list that shrank still name the items they did.
  const removals = changes.filter((change) => !('after' in change)).reverse();
  let out = text;
  for (const change of [...changes.filter((c) => 'after' in c), ...removals]) {
    out = applyEdits(out, [editFor(out, pathIn(before, change.pointer), change)]);
  }
  if (!isDeepStrictEqual(JSON.parse(out), after)) throw new Error('the rewritten JSON does not say what was asked');
  return out;
}
