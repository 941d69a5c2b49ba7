import { describe, expect, it } from 'vitest';
import { checkPages } from '../../scripts/lib/check-pages';
import { readPageFiles, type JsonFile } from '../../src/server/site/pages-on-disk';
import { first } from '../support/present';

const files = readPageFiles();
const surat = files.find((f) => f.file === 'pages/franchise/surat.json')!;

/** The real pages with one file replaced or added. */
function withFile(file: JsonFile) {
  return [...files.filter((f) => f.file !== file.file), file];
}

function edit(text: string, from: string, to: string) {
  expect(text).toContain(from);
  return text.replace(from, to);
}

describe('npm run validate', () => {
  it('passes on pages/', () => {
    expect(checkPages(files)).toEqual([]);
  });

  it('names the file, the pointer and the line of an unknown field', () => {
    const text = edit(surat.text, '"type": "hero",', '"type": "hero",\n      "headline": "typo",');
    const line = text.split('\n').findIndex((l) => l.includes('"headline"')) + 1;
    const problems = checkPages(withFile({ ...surat, text }));
    expect(problems).toEqual([
      { file: 'pages/franchise/surat.json', pointer: '/blocks/0/headline', line, column: 7, message: 'unknown field "headline"' },
    ]);
  });

  it('reports a wrong value with its pointer', () => {
    const text = surat.text.replace(/"category": "Job Fair"/, '"category": "Festival"');
    const problem = first(checkPages(withFile({ ...surat, text })), 'a problem with the wrong category');
    expect(problem.pointer).toMatch(/^\/blocks\/\d+\/events\/\d+\/category$/);
    expect(problem.message).toContain('Job Fair, Campus Drive');
  });

  it('wants an event on a calendar day, or repeating, and not both', () => {
    const problems = (text: string) =>
      checkPages(withFile({ ...surat, text })).map((p) => `${p.pointer.replace(/^\/blocks\/\d+\/events/, '')} ${p.message}`);
    const written = surat.text.replace(/"date": "\d{4}-\d{2}-\d{2}"/, '"date": "12 Dec 2026"');
    expect(problems(written)).toEqual(['/0/date must match format "date"']);
    const both = surat.text.replace(/"date": ("\d{4}-\d{2}-\d{2}")/, '"date": $1, "repeats": "Every Saturday"');
    expect(problems(both)).toContain('/0/repeats boolean schema is false');
    const neither = surat.text.replace(/"date": "\d{4}-\d{2}-\d{2}",/, '');
    expect(problems(neither)).toContain('/0/repeats missing required field "repeats"');
  });

  it('reports a scrollTo target that is not on the page', () => {
    const text = surat.text.replace(/"scrollTo": "[a-z-]+"/, '"scrollTo": "nowhere"');
    expect(checkPages(withFile({ ...surat, text })).map((p) => p.message)).toEqual(['no block on this page has the anchor "nowhere"']);
  });

  it('reports a form that does not exist and a field the form lacks', () => {
    const text = surat.text.replace('"form": "city-lead"', '"form": "city-leads"');
    expect(checkPages(withFile({ ...surat, text })).map((p) => p.message)).toEqual(['no form "city-leads" in pages/forms']);
    const fixed = surat.text.replace('"fixed": {', '"fixed": {\n          "town": "Surat",');
    expect(checkPages(withFile({ ...surat, text: fixed })).map((p) => p.message)).toEqual(['form "city-lead" has no field "town"']);
  });

  it('reports an image missing from public/', () => {
    const text = surat.text.replace(/"src": "\/images\/[^"]+"/, '"src": "/images/illustrations/missing.svg"');
    expect(checkPages(withFile({ ...surat, text })).map((p) => p.message)).toEqual([
      'image /images/illustrations/missing.svg is not in public/',
    ]);
  });

  it('reports a route used twice', () => {
    const copy = { ...surat, file: 'pages/franchise/surat-copy.json' };
    const problems = checkPages([...files, copy]);
    expect(problems.map((p) => `${p.file} ${p.message}`)).toEqual([
      'pages/franchise/surat-copy.json route /franchise/surat is also the route of pages/franchise/surat.json',
    ]);
  });

  it('reports JSON that does not parse, with its line', () => {
    const problems = checkPages(withFile({ ...surat, text: '{\n  "route": \n}' }));
    expect(problems).toEqual([{ file: 'pages/franchise/surat.json', pointer: '/', line: 3, column: 1, message: 'not valid JSON' }]);
  });
});
