import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPages } from '../../src/server/content-checks/check-pages';
import { readPageFiles, schemasDir } from '../../src/server/site/pages-on-disk';
import { sourcePages } from '../../src/server/site/source-pages';
import { currentPageVersion, migratePage, PageVersionError } from '../../src/shared/page-migrations/migrate-page';
import { pageSteps } from '../../src/shared/page-migrations/page-steps';
import { withCityFacts } from '../../src/shared/city-facts';
import type { PageDocument } from '../../src/shared/generated/page-document';
import { suratVersion1, suratVersion2 } from '../support/earlier-shapes';

const files = readPageFiles();
const surat = files.find((f) => f.file === 'pages/franchise/surat.json')!;
const step = (from: number) => pageSteps.find((s) => s.from === from)!;
const frozen = <T>(value: T): T => {
  if (value && typeof value === 'object') Object.values(value).forEach(frozen);
  return Object.freeze(value);
};

describe('the page migration steps', () => {
  it('lead one version at a time from 1 to the current version, which the page schema says', () => {
    expect(pageSteps.map((s) => [s.from, s.to])).toEqual(pageSteps.map((_, i) => [i + 1, i + 2]));
    expect(currentPageVersion).toBe(pageSteps.length + 1);
    const schema = JSON.parse(readFileSync(join(schemasDir, 'page.json'), 'utf8'));
    expect(schema.properties.version.const).toBe(currentPageVersion);
    for (const s of pageSteps) expect(s.describe).not.toBe('');
  });

  it('1 → 2: a city page\'s "city" becomes an object with its name, in the same place, and nothing else changes', () => {
    const before = frozen({ version: 1, route: '/franchise/surat', city: 'Surat', meta: { title: 'Surat' }, blocks: [] });
    const after = step(1).up(before);
    expect(after).toEqual({ ...before, city: { name: 'Surat' } });
    expect(Object.keys(after)).toEqual(Object.keys(before));
    const noCity = frozen({ version: 1, route: '/about', meta: { title: 'About' }, blocks: [] });
    expect(step(1).up(noCity)).toEqual(noCity);
  });

  it("2 → 3: a city page's office moves from its contact cards into its city, and the cards show the same", () => {
    const before = frozen(JSON.parse(suratVersion2) as Record<string, unknown>);
    const after = step(2).up(before) as unknown as PageDocument;
    const cards = (page: { blocks: { type: string }[] }) => page.blocks.find((b) => b.type === 'contact-cards') as Record<string, unknown>;
    const old = cards(before as unknown as PageDocument);
    expect(after.city).toEqual({
      name: 'Surat',
      state: 'Gujarat',
      office: old.address,
      officeHours: old.officeHours,
      walkIn: old.walkIn,
    });
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(Object.keys(cards(after))).toEqual(['type', 'id', 'heading', 'intro', 'localBusiness']);
    // The same cards, and since then a link to the city's jobs.
    expect(cards(withCityFacts(after))).toEqual({ ...old, jobsIn: 'Surat' });
    const otherBlocks = (page: { blocks: { type: string }[] }) => page.blocks.filter((b) => b.type !== 'contact-cards');
    expect(otherBlocks(after)).toEqual(otherBlocks(before as unknown as PageDocument));
    const noCity = frozen({
      version: 2,
      route: '/about',
      meta: { title: 'About' },
      blocks: [{ type: 'contact-cards', address: old.address }],
    });
    expect(step(2).up(noCity)).toEqual(noCity);
  });
});

describe('migratePage', () => {
  const version1 = frozen({ $schema: '../../schemas/page.json', version: 1, route: '/franchise/surat', city: 'Surat', blocks: [] });

  it('returns a current document as it is', () => {
    const current = frozen({ version: currentPageVersion, route: '/about', blocks: [] });
    expect(migratePage(current)).toBe(current);
  });

  it('brings a version 1 document to the current version through every step, leaving the one given as it was', () => {
    expect(migratePage(version1)).toEqual({ ...version1, version: currentPageVersion, city: { name: 'Surat' } });
    expect(version1.city).toBe('Surat');
  });

  it('is idempotent', () => {
    const once = migratePage(version1);
    expect(migratePage(once)).toBe(once);
    expect(migratePage(structuredClone(once))).toEqual(once);
  });

  it('refuses a version newer than the code knows, and a document without a version it can read', () => {
    expect(() => migratePage({ ...version1, version: currentPageVersion + 1 })).toThrow(PageVersionError);
    expect(() => migratePage({ ...version1, version: currentPageVersion + 1 })).toThrow(
      `version ${currentPageVersion + 1} is newer than this code knows (versions 1 to ${currentPageVersion})`,
    );
    for (const version of [undefined, 0, 1.5, '1']) expect(() => migratePage({ ...version1, version })).toThrow(/"version" names/);
    expect(() => migratePage([])).toThrow(PageVersionError);
  });
});

describe('npm run validate on a page of an earlier shape', () => {
  const withSurat = (text: string) => [...files.filter((f) => f.file !== surat.file), { ...surat, text }];

  it('checks it as the site reads it, migrated', () => {
    expect(checkPages(withSurat(suratVersion1))).toEqual([]);
    const broken = suratVersion1.replace('"city": "Surat",', '"city": "Pune",');
    expect(checkPages(withSurat(broken)).map((p) => p.message)).toContain(
      'route /franchise/surat does not end in "pune", the page\'s city "Pune"',
    );
  });

  it('names a version newer than the code knows once, at /version', () => {
    const newer = surat.text.replace(`"version": ${currentPageVersion},`, `"version": ${currentPageVersion + 1},`);
    expect(checkPages(withSurat(newer)).map((p) => `${p.line}:${p.column} ${p.pointer} ${p.message}`)).toEqual([
      `3:3 /version version ${currentPageVersion + 1} is newer than this code knows (versions 1 to ${currentPageVersion}): a newer release of the site wrote it`,
    ]);
  });
});

describe('a page file of an earlier shape, read straight from pages/ (npm run dev, the form API without a build)', () => {
  it('is served in the current shape, and a file of a newer version is named as unreadable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'old-pages-'));
    try {
      mkdirSync(join(dir, 'franchise'));
      writeFileSync(join(dir, 'franchise/surat.json'), suratVersion1);
      const pages = sourcePages(dir);
      expect(pages.page('/franchise/surat')).toMatchObject({ version: currentPageVersion, city: { name: 'Surat' } });

      writeFileSync(
        join(dir, 'franchise/surat.json'),
        surat.text.replace(`"version": ${currentPageVersion},`, `"version": ${currentPageVersion + 1},`),
      );
      pages.invalidate();
      expect(pages.page('/franchise/surat')).toBeUndefined();
      expect(pages.broken().map((error) => error.message)).toEqual([
        expect.stringMatching(/franchise\/surat\.json: version \d+ is newer than this code knows/),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
