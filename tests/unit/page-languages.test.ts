import { describe, expect, it } from 'vitest';
import { checkPages, describeProblem } from '../../src/server/content-checks/check-pages';
import { readPageFiles, type JsonFile } from '../../src/server/site/pages-on-disk';
import { fillCityName } from '../../src/shared/city-template';
import { inLocale, withTranslations } from '../../src/shared/localized-text';
import { localizedPath, splitLocale } from '../../src/shared/locales';
import { acceptedLocales, withLanguageOffer } from '../../src/server/site/page-languages';
import { hrefIn } from '../../src/ui/site-navigation';
import { loadLocale } from '../../src/content/load-locale';
import { sourcePages } from '../../src/server/site/source-pages';

const files = readPageFiles();
const fileOf = (name: string) => files.find((f) => f.file === name)!;
const withFile = (file: JsonFile) => [...files.filter((f) => f.file !== file.file), file];
/** The line of a file's text where `words` are written, counted from 1. */
const lineOf = (text: string, words: string) => text.slice(0, text.indexOf(words)).split('\n').length;

function edit(text: string, from: string, to: string) {
  expect(text).toContain(from);
  return text.replace(from, to);
}

describe('a page in several languages', () => {
  it('names each text a published language lacks, in the file that writes it, with its line', () => {
    const template = fileOf('pages/templates/city-lead-form.json');
    const text = edit(template.text, ', "gu": "{city} માં જોબ, કેમ્પસ હાયરિંગ અને સ્કિલ્ડ ટેલેન્ટ"', '');
    expect(checkPages(withFile({ ...template, text })).map(describeProblem)).toEqual([
      `pages/templates/city-lead-form.json:${lineOf(text, '"heading": { "en": "Jobs, Campus Hiring')}:7 /blocks/0/heading has no Gujarati` +
        ' (gu) words, and /franchise/surat is published in ' +
        'Gujarati ("locales" in pages/franchise/surat.json): write it as {"en": "…", "gu": "…"}',
    ]);

    const surat = fileOf('pages/franchise/surat.json');
    const facts = edit(surat.text, ', "gu": "24 થી 48 કલાકમાં જવાબ" },\n        { "en": "Walk-in', ' },\n        { "en": "Walk-in');
    expect(checkPages(withFile({ ...surat, text: facts })).map(describeProblem)).toEqual([
      `pages/franchise/surat.json:${lineOf(facts, '{ "en": "A response within 24 to 48 hours"')}:9 /overrides/top/items/2 has no Gujarati` +
        ' (gu) words, and /franchise/surat is published in ' +
        'Gujarati ("locales" in pages/franchise/surat.json): write it as {"en": "…", "gu": "…"}',
    ]);
  });

  it('takes no language the site does not have, and no English missing', () => {
    const home = fileOf('pages/home.json');
    const unknown = edit(home.text, '"locales": ["hi"]', '"locales": ["hi", "fr"]');
    expect(checkPages(withFile({ ...home, text: unknown })).map((p) => p.pointer)).toEqual(['/locales/1']);
    const withoutEnglish = edit(home.text, '"title": { "en": "Recruitment and Staffing Company in India | {brand}", ', '"title": { ');
    expect(checkPages(withFile({ ...home, text: withoutEnglish })).map((p) => `${p.pointer} ${p.message}`)).toContain(
      '/meta/title/en missing required field "en"',
    );
  });

  it("leaves a language's addresses to its pages: no page may take /hi/...", () => {
    const about = fileOf('pages/about.json');
    const text = edit(about.text, '"route": "/about"', '"route": "/hi/about"');
    expect(checkPages(withFile({ ...about, text })).map((p) => p.message)).toContain(
      'route /hi/about is reserved: the site answers that address itself',
    );
  });

  it('reads a document in one language, English where a text has no words in it', () => {
    const page = { meta: { title: { en: 'Jobs', hi: 'जॉब' } }, blocks: [{ type: 'faq', heading: 'Questions', items: [] }], route: '/' };
    expect(inLocale(page, 'hi')).toEqual({
      meta: { title: 'जॉब' },
      blocks: [{ type: 'faq', heading: 'Questions', items: [] }],
      route: '/',
    });
    expect(inLocale(page, 'gu').meta.title).toBe('Jobs');
    expect(withTranslations(page, 'gu', { '/blocks/0/heading': 'પ્રશ્નો' }).blocks[0]!.heading).toEqual({ en: 'Questions', gu: 'પ્રશ્નો' });
    expect(() => withTranslations(page, 'gu', { '/route': '/gu' })).not.toThrow();
    expect(() => withTranslations(page, 'gu', { '/blocks/0/items': 'x' })).toThrow('/blocks/0/items is not a text');
  });

  it("writes {city} as each language writes the city's name", () => {
    const city = { name: 'Surat', names: { gu: 'સુરત' } };
    expect(
      fillCityName({ heading: { en: 'Jobs in {city}', hi: '{city} में जॉब', gu: '{city} માં જોબ' }, note: 'Visit {city}' }, city),
    ).toEqual({
      heading: { en: 'Jobs in Surat', hi: 'Surat में जॉब', gu: 'સુરત માં જોબ' },
      note: 'Visit Surat',
    });
  });

  it('puts each language under its code, the home at /hi/', () => {
    expect(localizedPath('/', 'hi')).toBe('/hi/');
    expect(localizedPath('/franchise/surat', 'gu')).toBe('/gu/franchise/surat');
    expect(splitLocale('/gu/franchise/surat')).toEqual({ locale: 'gu', route: '/franchise/surat' });
    expect(splitLocale('/hi/')).toEqual({ locale: 'hi', route: '/' });
    expect(splitLocale('/history')).toEqual({ locale: 'en', route: '/history' });
  });

  it("offers an English page in the visitor's language without moving them", () => {
    expect(acceptedLocales('en-GB,en;q=0.9,gu-IN;q=0.95,hi;q=0.5,fr;q=0.8')).toEqual(['en', 'gu', 'hi']);
    expect(acceptedLocales('*')).toEqual([]);
    const html =
      '<html lang="en-IN"><head><link rel="alternate" hreflang="gu-IN" href="https://x.in/gu/franchise/surat" />' +
      '<link rel="alternate" hreflang="x-default" href="https://x.in/franchise/surat" /></head><body><main></main></body></html>';
    const offered = withLanguageOffer(html, '/franchise/surat', undefined, 'en-IN,gu;q=0.8');
    expect(offered).toContain(
      '<aside class="language-offer" lang="gu-IN"><a href="/gu/franchise/surat" hreflang="gu-IN" data-locale="gu">',
    );
    expect(withLanguageOffer(html, '/franchise/surat', 'en', 'gu')).toBe(html);
    expect(withLanguageOffer(html, '/franchise/surat', undefined, 'hi')).toBe(html);
  });
});

describe('links on a page in a language', () => {
  it('lead to the pages written in that language, keeping their query, and to the others as they are', async () => {
    await loadLocale('hi');
    await loadLocale('gu');
    expect(hrefIn('/it-recruitment', 'hi')).toBe('/hi/it-recruitment');
    expect(hrefIn('/', 'hi')).toBe('/hi/');
    expect(hrefIn('/job-openings?location=Pune', 'hi')).toBe('/hi/job-openings?location=Pune');
    // Not written in Hindi, or not a page of the site: as written.
    expect(hrefIn('/free-job-posting', 'hi')).toBe('/free-job-posting');
    expect(hrefIn('//example.com/it-recruitment', 'hi')).toBe('//example.com/it-recruitment');
    expect(hrefIn('https://example.com/', 'hi')).toBe('https://example.com/');
    // Surat's page alone is in Gujarati; English pages link as they always did.
    expect(hrefIn('/franchise/surat', 'gu')).toBe('/gu/franchise/surat');
    expect(hrefIn('/it-recruitment', 'gu')).toBe('/it-recruitment');
    expect(hrefIn('/it-recruitment', 'en')).toBe('/it-recruitment');
  });
});

describe('the pages of pages/ as npm run dev serves them', () => {
  it('answers a page at its address in each language it lists, and nothing in one it does not', () => {
    const pages = sourcePages();
    const hindi = pages.pageAt('/hi/franchise');
    expect(hindi?.route).toBe('/hi/franchise');
    expect(JSON.stringify(hindi?.meta)).toMatch(/[\u0900-\u097F]/);
    expect(pages.pageAt('/gu/franchise/surat')?.route).toBe('/gu/franchise/surat');
    expect(pages.pageAt('/franchise')?.route).toBe('/franchise');
    expect(pages.pageAt('/ta/franchise')).toBeUndefined();
    // The editor opens pages by their English route alone.
    expect(pages.page('/hi/franchise')).toBeUndefined();
  });
});
