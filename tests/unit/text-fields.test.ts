import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemasDir } from '../../src/server/site/pages-on-disk';

/** The schemas of what pages are made of: a string in them is words a visitor reads, or data. */
const files = [
  'page.json',
  'city-page.json',
  'city-template.json',
  'site.json',
  'common.json',
  ...readdirSync(join(schemasDir, 'blocks')).map((f) => `blocks/${f}`),
];

/** Every `"type": "string"` of a schema that is neither data (a pattern, a list, a format, a constant, notText) nor a text. */
function unmarkedStrings(schema: unknown, path: string, out: string[]) {
  if (Array.isArray(schema)) schema.forEach((s, i) => unmarkedStrings(s, `${path}/${i}`, out));
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return out;
  const node = schema as Record<string, unknown>;
  const isData = ['pattern', 'enum', 'format', 'const', 'notText'].some((k) => k in node);
  if (node.type === 'string' && !isData && !/\/definitions\/(text|optionalText)\//.test(`${path}/`)) out.push(path);
  for (const [key, value] of Object.entries(node))
    if (key !== 'examples' && key !== 'default') unmarkedStrings(value, `${path}/${key}`, out);
  return out;
}

describe('the schemas of pages', () => {
  it('say of every string whether it is words a visitor reads (a text, which may be translated) or data', () => {
    const unmarked = files.flatMap((file) => unmarkedStrings(JSON.parse(readFileSync(join(schemasDir, file), 'utf8')), file, []));
    expect(unmarked, 'use "$ref": ".../common.json#/definitions/text" (or optionalText), or mark data "notText": true').toEqual([]);
  });
});
