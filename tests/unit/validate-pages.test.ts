import { describe, expect, it } from 'vitest';
import { checkPages } from '../../src/server/content-checks/check-pages';
import { readPageFiles, type JsonFile } from '../../src/server/site/pages-on-disk';
import { first } from '../support/present';
import { pageFilesWithBlocks } from '../support/page-files';

const files = pageFilesWithBlocks('pages/franchise/surat.json');
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

  it("refuses Pune made from Surat's facts until it has its own office, in its own state, and says why in words", () => {
    type Facts = {
      locales?: string[];
      city: { name: string; state?: string; office?: { street: string; city: string; state: string; postalCode: string } };
    };
    const suratFacts = readPageFiles().find((f) => f.file === 'pages/franchise/surat.json')!;
    const problemsOf = (page: unknown) =>
      checkPages(withFile({ ...suratFacts, file: 'pages/franchise/pune.json', text: JSON.stringify(page, null, 2) }))
        .filter((p) => p.file === 'pages/franchise/pune.json')
        .map((p) => `${p.pointer} ${p.message}`);
    // Its facts not given: nothing to publish yet.
    const bare = {
      $schema: '../../schemas/city-page.json',
      version: 3,
      template: 'city-lead-form',
      route: '/franchise/pune',
      city: { name: 'Pune' },
    };
    expect(problemsOf(bare)).toEqual(['/city/state missing required field "state"', '/city/office missing required field "office"']);

    // Surat's file with the name and route changed, as Pune went live: Surat's street, state and PIN.
    const pune = JSON.parse(suratFacts.text.replaceAll('"Surat"', '"Pune"').replace('/franchise/surat', '/franchise/pune')) as Facts;
    expect(pune.city.office).toMatchObject({ city: 'Pune', state: 'Gujarat', postalCode: '395002' });
    expect(problemsOf(pune)).toEqual([
      '/city/office the office address is also that of Surat (pages/franchise/surat.json): give Pune its own',
    ]);

    // Told its state, with Surat's office still; Pune's page is in English alone.
    delete pune.locales;
    pune.city.state = 'Maharashtra';
    expect(problemsOf(pune)).toContain('/city/office/state the office\'s state "Gujarat" is not the city\'s state "Maharashtra"');
    pune.city.office!.state = 'Maharashtra';
    expect(problemsOf(pune)).toContain(
      '/city/office/postalCode the PIN code 395002 is not in Maharashtra: PIN codes there start with 40, 41, 42, 43 or 44',
    );

    // Its own office: nothing to say.
    pune.city.office = { ...pune.city.office!, street: '3rd Floor, Tower B, Baner Road', postalCode: '411045' };
    expect(problemsOf(pune)).toEqual([]);
  });

  it('words a broken rule for the people who write pages, with an example, and never as a pattern', () => {
    const messages = (text: string) => checkPages(withFile({ ...surat, text })).map((p) => `${p.pointer} ${p.message}`);
    expect(messages(edit(surat.text, '"postalCode": "395002"', '"postalCode": "3950"'))).toEqual([
      '/city/office/postalCode Write the six-digit PIN code, e.g. 411045.',
    ]);
    expect(messages(edit(surat.text, '"name": "Surat",', '"name": "Surat",\n    "phone": "020 45",'))).toEqual([
      '/city/phone Use +91 and the number, e.g. +91 98765 43210; spaces are fine.',
    ]);
    const button = messages(edit(surat.text, '"scrollTo": "lead"', '"href": "franchise"'));
    expect(button).toEqual([
      expect.stringMatching(
        /\/action\/href Start with \/ for a page of this site \(e\.g\. \/franchise\) or https:\/\/ for another site\.$/,
      ),
    ]);
  });

  it("checks a city's facts against its template, and a problem of the page they make where it was written", () => {
    const rampur = readPageFiles().find((f) => f.file === 'pages/franchise/rampur.json')!;
    const messages = (text: string) => checkPages(withFile({ ...rampur, text })).map((p) => `${p.pointer} ${p.message}`);
    expect(messages(edit(rampur.text, '"template": "city-registration"', '"template": "city-registraton"'))).toEqual([
      '/template no template "city-registraton" in pages/templates; did you mean "city-registration"? The templates are: city-chennai, city-lead-form, city-registration',
    ]);
    expect(messages(edit(rampur.text, '"overrides": {', '"overrides": {\n    "hero": { "heading": "Rampur" },'))).toEqual([
      expect.stringMatching(/^\/overrides\/hero the template has no section with the anchor "hero"/),
    ]);
    expect(messages(edit(rampur.text, '"overrides": {', '"overrides": {\n    "how-it-works": { "heading": "Steps" },'))).toEqual([
      '/overrides/how-it-works the "how-it-works" section is the same on every city page of this template: a city cannot change it',
    ]);
    // A section left out that a button still scrolls to: the button goes with it.
    const noForm = edit(rampur.text, '"overrides": {', '"overrides": {\n    "register": null,');
    expect(messages(noForm).filter((m) => m.includes('scrollTo'))).toEqual([]);
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

  it('wants the phone numbers staff give the site to be numbers: the site phone in E.164', () => {
    const site = files.find((f) => f.file === 'pages/site.json')!;
    const problems = (text: string) => checkPages(withFile({ ...site, text })).map((p) => `${p.pointer} ${p.message}`);
    expect(problems(edit(site.text, '"phone": "+91 98765 43211"', '"phone": "+91 98765 4321"'))).toEqual([
      '/privacy/grievanceOfficer/phone must match format "phone"',
    ]);
    expect(problems(edit(site.text, '"phone": "+91 98765 43211"', '"phone": "098765 43211"'))).toEqual([]);
    expect(problems(edit(site.text, '"tel": "+919876543210"', '"tel": "+91987654321"'))).toEqual(['/phone/tel must match format "phone"']);
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

  it("reports a choice a page offers that is not one of its form's options, and an alias two forms claim", () => {
    const rampur = files.find((f) => f.file === 'pages/franchise/rampur.json')!;
    const text = edit(rampur.text, '"industry": ["manufacturing",', '"industry": ["textiles",');
    // Rampur's page is its facts: the problem is where Rampur words its form differently from its template.
    expect(checkPages(withFile({ ...rampur, text })).map((p) => `${p.pointer} ${p.message}`)).toEqual([
      expect.stringMatching(
        /^\/overrides\/register\/form\/choices\/industry\/0 "textiles" is not an option of "industry" in form "rampur-registration"; its options are: it, maritime, /,
      ),
    ]);
    const form = files.find((f) => f.file === 'pages/forms/city-lead.json')!;
    const claimed = edit(form.text, '"id": "city-lead",', '"id": "city-lead",\n  "aliases": { "rampur-registration": "Rampur" },');
    expect(checkPages(withFile({ ...form, text: claimed })).map((p) => p.message)).toEqual([
      '"rampur-registration" already names pages/forms/city-industry-registration.json',
    ]);
  });

  it('reports an image missing from public/', () => {
    const text = surat.text.replace(/"src": "\/images\/[^"]+"/, '"src": "/images/illustrations/missing.svg"');
    expect(checkPages(withFile({ ...surat, text })).map((p) => p.message)).toEqual([
      'image /images/illustrations/missing.svg is not in public/',
    ]);
  });

  it('reports a route used twice in both files, each naming the other', () => {
    const copy = { ...surat, file: 'pages/franchise/surat-copy.json' };
    const problems = checkPages([...files, copy]);
    expect(problems.map((p) => `${p.file} ${p.message}`)).toEqual([
      'pages/franchise/surat.json route /franchise/surat is also the route of pages/franchise/surat-copy.json',
      'pages/franchise/surat-copy.json route /franchise/surat is also the route of pages/franchise/surat.json',
      // A copy is Surat's office too.
      'pages/franchise/surat.json the office address is also that of Surat (pages/franchise/surat-copy.json): give Surat its own',
      'pages/franchise/surat-copy.json the office address is also that of Surat (pages/franchise/surat.json): give Surat its own',
    ]);
  });

  it('reports JSON that does not parse, with its line', () => {
    const problems = checkPages(withFile({ ...surat, text: '{\n  "route": \n}' }));
    expect(problems).toEqual([
      { file: 'pages/franchise/surat.json', pointer: '/', line: 3, column: 1, message: 'not valid JSON: a value is expected here' },
    ]);
  });

  it('says what is wrong with JSON that does not parse, and where', () => {
    const problem = (text: string) => {
      const [p] = checkPages(withFile({ ...surat, text }));
      return `${p!.line}:${p!.column} ${p!.message}`;
    };
    const trailing = edit(surat.text, '"route": "/franchise/surat",', '"route": "/franchise/surat",\n  "extra": [1, 2,],');
    const line = trailing.split('\n').findIndex((l) => l.includes('"extra"')) + 1;
    expect(problem(trailing)).toBe(`${line}:17 not valid JSON: a comma after the last item of a list or object; remove this ","`);
    expect(problem('{\n  "route": "/x",\n}')).toBe('2:16 not valid JSON: a comma after the last item of a list or object; remove this ","');
    expect(problem('{\n  "route": "/x\n}')).toMatch(/^2:12 not valid JSON: this text has no closing double quote/);
    expect(problem('{\n  route: "/x"\n}')).toMatch(/^2:3 not valid JSON: text and field names must be in double quotes/);
    expect(problem("{\n  'route': '/x'\n}")).toBe('2:3 not valid JSON: text and field names take double quotes ("), not single quotes');
    expect(problem('{\n  "route": "/x"\n  "city": "Surat"\n}')).toBe('3:3 not valid JSON: a comma is missing before this item');
  });

  it('names the valid block types for an unknown one, and the nearest', () => {
    const messages = (type: string) => checkPages(withFile({ ...surat, text: edit(surat.text, '"type": "hero",', `"type": "${type}",`) }));
    for (const [written, meant] of [
      ['image-txt', 'image-text'],
      ['Image-Text', 'image-text'],
      ['heros', 'hero'],
    ]) {
      const [problem, ...more] = messages(written!);
      expect(more).toEqual([]);
      expect(problem!.pointer).toBe('/blocks/0/type');
      expect(problem!.message).toMatch(
        new RegExp(
          `^unknown block type "${written}"; did you mean "${meant}"\\? The block types are: .*\\bcall-to-action\\b.*\\bteam-members\\b`,
        ),
      );
    }
    expect(messages('testimonials')[0]!.message).toMatch(/^unknown block type "testimonials" The block types are: call-to-action, /);
  });

  it('refuses a placeholder the product does not fill, suggesting the nearest', () => {
    const text = edit(surat.text, '| {brand}"', '| {brnad}"');
    expect(checkPages(withFile({ ...surat, text })).map((p) => `${p.pointer} ${p.message}`)).toEqual([
      '/meta/title/en unknown placeholder {brnad}; did you mean "brand"?',
    ]);
    const form = files.find((f) => f.file === 'pages/forms/city-lead.json')!;
    const typo = edit(form.text, 'from {city}: {name}', 'from {city}: {nmae}');
    expect(checkPages(withFile({ ...form, text: typo })).map((p) => p.message)).toEqual([
      'unknown placeholder {nmae}; did you mean "name"?',
    ]);
  });

  it('refuses an internal link to a page that does not exist', () => {
    const home = files.find((f) => f.file === 'pages/home.json')!;
    const text = edit(home.text, '"href": "/franchise"', '"href": "/franchise/pune"');
    const problems = checkPages(withFile({ ...home, text }));
    expect(problems.map((p) => p.message)).toEqual(['link to /franchise/pune: no page has that route; did you mean "/franchise/surat"?']);
    const fine = edit(home.text, '"href": "/franchise"', '"href": "/job-openings?location=Surat#top"');
    expect(checkPages(withFile({ ...home, text: fine }))).toEqual([]);
  });

  it('refuses a link that reads like a site path but leads to another site', () => {
    const home = files.find((f) => f.file === 'pages/home.json')!;
    const text = edit(home.text, '"href": "/franchise"', '"href": "//evil.example/franchise"');
    expect(checkPages(withFile({ ...home, text })).map((p) => p.message)).toEqual([
      "link to //evil.example/franchise: another site's address must start with https://",
    ]);
  });

  it("wants a city page's route, city and its forms' fixed city to agree", () => {
    const moved = edit(surat.text, '"route": "/franchise/surat"', '"route": "/franchise/pune"');
    expect(checkPages(withFile({ ...surat, text: moved })).map((p) => `${p.pointer} ${p.message}`)).toEqual([
      '/route route /franchise/pune does not end in "surat", the page\'s city "Surat"',
    ]);
    const fixed = edit(surat.text, '"fixed": {\n          "city": "Surat"\n        }', '"fixed": { "city": "Pune" }');
    expect(checkPages(withFile({ ...surat, text: fixed })).map((p) => p.message)).toEqual([
      'the form\'s fixed city "Pune" is not the page\'s city "Surat"',
    ]);
  });
});
