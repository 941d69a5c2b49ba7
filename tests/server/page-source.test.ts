import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { first } from '../support/present';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const lead = { name: 'Ravi', phone: '9876543210', email: 'ravi@example.com', description: 'Looking for accounts jobs', type: 'student' };

// Runs against the output of npm run build: publishing renders with the build's server render.
describe.each(databaseKinds)('the page a form is sent from, on %s', (kind) => {
  let server: Server;
  let marketing: Record<string, string>;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer({ kind, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });
    marketing = (await loginAs(server.app, server.db, 'MARKETING')).cookies;
    admin = (await loginAs(server.app, server.db, 'ADMIN')).token;
  });
  afterAll(() => server.close());

  const editor = (url: string, payload: object) => server.app.inject({ method: 'POST', url, payload, cookies: marketing });
  const sendLead = (page: string) =>
    server.app.inject({ method: 'POST', url: '/api/forms/city-lead', payload: { page, data: { ...lead, city: 'Mumbai' }, captcha: 'x' } });
  const report = (page: string, from: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/vitals',
      payload: { page, metrics: [{ name: 'LCP', value: 1500 }] },
      headers: { 'x-forwarded-for': from },
    });
  const vitalsPages = async () =>
    (
      (await server.app.inject({ method: 'GET', url: '/api/vitals', cookies: { jwt_token: admin } })).json().pages as { page: string }[]
    ).map((p) => p.page);

  it('takes a form sent from a page published in the editor as that page allows it, and counts its visitors under it', async () => {
    const made = await editor('/api/admin/pages/new-city', {
      template: 'city-lead-form',
      route: '/franchise/pune',
      name: 'Pune',
      state: 'Maharashtra',
      street: '3rd Floor, Tower B, Baner Road',
      postalCode: '411045',
    });
    expect(made.statusCode, made.body).toBe(201);

    // Saved but not published: no page of the site has that address yet.
    const early = await sendLead('/franchise/pune');
    expect(early.statusCode).toBe(400);
    expect(early.json().errors[0].message).toBe('This form is not available on that page.');
    expect((await report('/franchise/pune', '10.9.0.1')).statusCode).toBe(204);
    expect(await vitalsPages()).not.toContain('/franchise/pune');

    const published = await editor('/api/admin/pages/publish?route=/franchise/pune', { revisionId: made.json().page.revisionId });
    expect(published.statusCode, published.body).toBe(200);

    const sent = await sendLead('/franchise/pune');
    expect(sent.statusCode, sent.body).toBe(201);
    const row = first(await server.db.query<{ city: string }>('select city from submissions where id = $1', [sent.json().id]), 'the lead');
    // The city the published page fixes, whatever the visitor sent.
    expect(row.city).toBe('Pune');
    expect((await report('/franchise/pune', '10.9.0.2')).statusCode).toBe(204);
    expect(await vitalsPages()).toContain('/franchise/pune');
  });

  it('has one source of pages per origin: a second one for the same origin is refused', () => {
    expect(() => server.app.pageSource.provide('editor', async () => undefined)).toThrow(/provided already/);
  });
});
