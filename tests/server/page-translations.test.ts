import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';

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
    expect(surat.translations).toEqual([
      { locale: 'hi', missing: [], inLayout: 0 },
      { locale: 'gu', missing: [], inLayout: 0 },
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
});
