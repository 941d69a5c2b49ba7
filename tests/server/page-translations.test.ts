import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { withTranslations } from '../../src/shared/localized-text';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Doc = { overrides: { top: { items: (string | Record<string, string>)[] } }; [key: string]: unknown };

// Runs against the output of npm run build: the preview renders with the build's server render.
describe('the page editor tells what each language of a page still lacks', () => {
  let server: Server;
  let marketing: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer({ config: { captcha: 'off', outboxIntervalMs: 0 } });
    marketing = (await loginAs(server.app, server.db, 'MARKETING')).cookies;
  });
  afterAll(() => server.close());

  const open = async (route: string) =>
    (await server.app.inject({ method: 'GET', url: `/api/admin/pages/page?route=${encodeURIComponent(route)}`, cookies: marketing })).json()
      .page;
  const preview = async (document: unknown) =>
    (await server.app.inject({ method: 'POST', url: '/api/admin/pages/preview', payload: { document }, cookies: marketing })).json();

  it('lists the languages a page is in, each with the texts that have no words in it, and nothing for English alone', async () => {
    const surat = await open('/franchise/surat');
    // The build made the page in both: visitors read it in each already.
    expect(surat.translations).toEqual([
      { locale: 'hi', missing: [], inLayout: 0, read: true },
      { locale: 'gu', missing: [], inLayout: 0, read: true },
    ]);
    expect((await open('/about')).translations).toEqual([]);

    // A point worded for Surat in English alone: the preview says Hindi and Gujarati lack it, where it is.
    const document = structuredClone(surat.document) as Doc;
    document.overrides.top.items[1] = 'Employers pay only when they hire';
    const checked = await preview(document);
    expect(checked.translations).toEqual([
      { locale: 'hi', missing: ['/overrides/top/items/1'], inLayout: 0 },
      { locale: 'gu', missing: ['/overrides/top/items/1'], inLayout: 0 },
    ]);
    // English is what the editor publishes: the missing words are no problem of publishing.
    expect(checked.problems).toEqual([]);
  });

  it('publishes a page in each language its words are whole in, and keeps the last page of a language that lacks some', async () => {
    const route = '/franchise/chennai';
    const call = (method: 'PUT' | 'POST', url: string, payload: object) => server.app.inject({ method, url, payload, cookies: marketing });
    const visitorSees = async (path: string) => (await server.app.inject({ method: 'GET', url: path })).body;
    const publishDocument = async (document: Doc, baseRevisionId: number | null) => {
      const saved = await call('PUT', `/api/admin/pages/page?route=${route}`, { document, baseRevisionId });
      expect(saved.statusCode, saved.body).toBe(200);
      const { revisionId } = saved.json().page;
      const published = await call('POST', `/api/admin/pages/publish?route=${route}`, { revisionId });
      expect(published.statusCode, published.body).toBe(200);
      return published.json().page;
    };
    const chennai = await open(route);
    const before = { hi: await visitorSees('/hi/franchise/chennai'), ta: await visitorSees('/ta/franchise/chennai') };

    // A point reworded in English alone: English is published; Hindi and Tamil keep the pages visitors read now.
    const englishOnly = structuredClone(chennai.document) as Doc;
    englishOnly.overrides.top.items[1] = 'Employers pay only when they hire';
    const first = await publishDocument(englishOnly, chennai.revisionId);
    expect(first.translations).toEqual([
      { locale: 'hi', missing: ['/overrides/top/items/1'], inLayout: 0, read: true },
      { locale: 'ta', missing: ['/overrides/top/items/1'], inLayout: 0, read: true },
    ]);
    expect(await visitorSees(route)).toContain('Employers pay only when they hire');
    expect(await visitorSees('/hi/franchise/chennai')).toBe(before.hi);
    expect(await visitorSees('/ta/franchise/chennai')).toBe(before.ta);

    // Its Hindi written: Hindi is published with the next revision, in Hindi throughout; Tamil still waits.
    const withHindi = structuredClone(englishOnly);
    withHindi.overrides.top.items[1] = { en: 'Employers pay only when they hire', hi: 'कंपनियाँ सिर्फ़ हायर करने पर पैसे देती हैं' };
    const second = await publishDocument(withHindi, first.revisionId);
    expect(second.translations.map((t: { missing: string[] }) => t.missing)).toEqual([[], ['/overrides/top/items/1']]);
    const hindi = await visitorSees('/hi/franchise/chennai');
    expect(hindi).toContain('<html lang="hi-IN">');
    expect(hindi).toContain('कंपनियाँ सिर्फ़ हायर करने पर पैसे देती हैं');
    expect(hindi).not.toContain('Employers pay only when they hire');
    expect(hindi).toContain('hreflang="ta-IN"');
    expect(await visitorSees('/ta/franchise/chennai')).toBe(before.ta);
    // The page's data in Hindi follows its HTML, for the island that hydrates it.
    const data = (await server.app.inject({ method: 'GET', url: '/page-data/hi/franchise/chennai.json' })).body;
    expect(data).toContain('कंपनियाँ सिर्फ़ हायर करने पर पैसे देती हैं');
  });

  it('publishes a page made in the editor in Hindi once its words are whole, and moves its Hindi page when it is renamed', async () => {
    const call = (method: 'PUT' | 'POST', url: string, payload: object) => server.app.inject({ method, url, payload, cookies: marketing });
    const get = (url: string) => server.app.inject({ method: 'GET', url });
    const made = await call('POST', '/api/admin/pages/new-city', {
      template: 'city-lead-form',
      route: '/franchise/pune',
      name: 'Pune',
      state: 'Maharashtra',
      street: '3rd Floor, Tower B, Baner Road',
      postalCode: '411045',
    });
    expect(made.statusCode, made.body).toBe(201);
    const page = made.json().page;
    // Listed in Hindi: the texts the city writes itself still want their Hindi, the layout has its own.
    const listed = await call('PUT', '/api/admin/pages/page?route=/franchise/pune', {
      document: { ...page.document, locales: ['hi'] },
      baseRevisionId: page.revisionId,
    });
    const [hindi] = listed.json().page.translations;
    expect(hindi).toMatchObject({ locale: 'hi', inLayout: 0, read: false });
    expect(hindi.missing.length).toBeGreaterThan(0);
    const words = Object.fromEntries(hindi.missing.map((pointer: string) => [pointer, `हिन्दी में ${pointer}`]));
    const whole = await call('PUT', '/api/admin/pages/page?route=/franchise/pune', {
      document: withTranslations(listed.json().page.document, 'hi', words),
      baseRevisionId: listed.json().page.revisionId,
    });
    expect(whole.json().page.translations).toEqual([{ locale: 'hi', missing: [], inLayout: 0, read: false }]);
    const published = await call('POST', '/api/admin/pages/publish?route=/franchise/pune', { revisionId: whole.json().page.revisionId });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().page.translations[0].read).toBe(true);
    const inHindi = await get('/hi/franchise/pune');
    expect(inHindi.statusCode).toBe(200);
    expect(inHindi.body).toContain('<html lang="hi-IN">');
    expect((await get('/franchise/pune')).body).toContain('hreflang="hi-IN"');

    const renamed = await call('POST', '/api/admin/pages/rename?route=/franchise/pune', { to: '/offices/pune' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const moved = await get('/hi/offices/pune');
    expect(moved.statusCode).toBe(200);
    expect(moved.body).toContain('<html lang="hi-IN">');
    const old = await get('/hi/franchise/pune');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/hi/offices/pune');

    // Hindi taken off the page's languages: its Hindi page goes with the next publish.
    const current = await open('/offices/pune');
    const english = await call('PUT', '/api/admin/pages/page?route=/offices/pune', {
      document: { ...current.document, locales: [] },
      baseRevisionId: current.revisionId,
    });
    await call('POST', '/api/admin/pages/publish?route=/offices/pune', { revisionId: english.json().page.revisionId });
    expect((await get('/hi/offices/pune')).statusCode).toBe(404);
    expect((await get('/offices/pune')).body).not.toContain('hreflang="hi-IN"');
  });
});
