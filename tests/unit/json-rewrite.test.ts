import { describe, expect, it } from 'vitest';
import { rewriteJson } from '../../src/server/site/json-rewrite';

const text = `{
  "version": 1,
  "city": "Surat",
  "buttons": [
    { "label": "Register", "action": { "scrollTo": "lead" } },
    { "label": "Events", "action": { "scrollTo": "events" }, "variant": "secondary" }
  ],
  "items": ["a", "b", "c"],
  "empty": {}
}
`;
const document = () => JSON.parse(text);

describe('rewriting a JSON file with the fewest edits', () => {
  it('replaces a value in place, on one line when it fits', () => {
    const after = { ...document(), version: 2, city: { name: 'Surat' } };
    expect(rewriteJson(text, after)).toBe(
      text.replace('"version": 1', '"version": 2').replace('"city": "Surat"', '"city": { "name": "Surat" }'),
    );
  });

  it('writes a value too long for one line one member a line, indented where it sits', () => {
    const long = 'x'.repeat(130);
    const out = rewriteJson(text, { ...document(), city: { name: 'Surat', note: long } });
    expect(out).toContain(`  "city": {\n    "name": "Surat",\n    "note": "${long}"\n  },\n`);
  });

  it('adds and removes members and items, each laid out like its neighbours', () => {
    const before = document();
    const after = {
      ...before,
      buttons: [{ ...before.buttons[0], variant: 'primary' }],
      items: ['a', 'b', 'c', 'd'],
      empty: { one: 1 },
      added: true,
    };
    delete after.city;
    expect(rewriteJson(text, after)).toBe(`{
  "version": 1,
  "buttons": [
    { "label": "Register", "action": { "scrollTo": "lead" }, "variant": "primary" }
  ],
  "items": ["a", "b", "c", "d"],
  "empty": { "one": 1 },
  "added": true
}
`);
    const fewer = { ...before, items: ['a'] };
    expect(rewriteJson(text, fewer)).toBe(text.replace('["a", "b", "c"]', '["a"]'));
  });

  it('leaves a file that already says the same as it is', () => {
    expect(rewriteJson(text, document())).toBe(text);
  });
});
