import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { first } from '../support/present';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type User = Awaited<ReturnType<typeof loginAs>>;

const visit = (extra: object) => ({ landingPage: '/franchise/surat', seenAt: '2026-11-20T04:30:00.000Z', ...extra });
const campaign = visit({ utm_source: 'Facebook', utm_medium: 'paid-social', utm_campaign: 'surat-walkin-dec', clickIds: ['fbclid'] });

describe.each(databaseKinds)('where each lead came from on %s', (kind) => {
  let server: Server;
  let admin: User, bde: User;
  const as = (user: User) => ({ authorization: `Bearer ${user.token}` });

  async function submit(name: string, attribution: unknown) {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/forms/city-lead',
      payload: {
        page: '/franchise/surat',
        captcha: 'x',
        attribution,
        data: { name, phone: '9876501234', email: 'v@example.com', description: 'Accounts work', type: 'student' },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  }
  const stored = async (id: string) =>
    first(
      await server.db.query<{ source: string | null; attribution: unknown }>('select source, attribution from submissions where id = $1', [
        id,
      ]),
      id,
    );
  const lead = async (id: string) => (await server.app.inject({ method: 'GET', url: `/api/leads/${id}`, headers: as(admin) })).json();
  const setOffline = (user: User, id: string, offlineSource: string | null) =>
    server.app.inject({ method: 'PATCH', url: `/api/leads/${id}`, payload: { offlineSource }, headers: as(user) });

  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });
    admin = await loginAs(server.app, server.db, 'ADMIN', { fullName: 'Anita Admin' });
    bde = await loginAs(server.app, server.db, 'BDE', { fullName: 'Bharat Desai' });
  });
  afterAll(() => server.close());

  it("stores the visits a lead's browser kept, and its source: the first visit's utm_source, else the linking site, else direct", async () => {
    const attribution = { first: campaign, last: visit({ referrer: 'news.example.in', landingPage: '/franchise' }) };
    const fromCampaign = await stored(await submit('Campaign', attribution));
    expect(fromCampaign).toEqual({ source: 'facebook', attribution });
    const linked = visit({ referrer: 'www.Google.com' });
    expect((await stored(await submit('Linked', { first: linked, last: linked }))).source).toBe('google.com');
    expect(await stored(await submit('Typed in', undefined))).toEqual({ source: 'direct', attribution: null });
  });

  it('keeps the lead and drops only an attribution the schema refuses', async () => {
    const bad = [
      'not an object',
      { first: campaign },
      { first: campaign, last: { ...campaign, gclidValue: 'Cj0KCQ' } },
      { first: campaign, last: { ...campaign, utm_campaign: 'x'.repeat(101) } },
      { first: campaign, last: { ...campaign, seenAt: 'yesterday' } },
      { first: campaign, last: { ...campaign, clickIds: ['Cj0KCQ-value'] } },
      { first: campaign, last: { ...campaign, landingPage: 'https://evil.example/' } },
    ];
    for (const attribution of bad)
      expect(await stored(await submit('Kept anyway', attribution))).toEqual({ source: 'direct', attribution: null });
    // The lead's own fields are still refused as always.
    const invalid = await server.app.inject({
      method: 'POST',
      url: '/api/forms/city-lead',
      payload: { page: '/franchise/surat', captcha: 'x', attribution: { first: campaign, last: campaign }, data: { name: 'No phone' } },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('lets staff set an offline source from the configured list, recorded in the history, and take it back', async () => {
    const id = await submit('Walked in', { first: campaign, last: campaign });
    expect(await lead(id)).toMatchObject({
      source: 'facebook',
      offlineSource: null,
      attribution: { first: campaign },
      offlineSources: ['walk-in', 'job fair', 'referral', 'phone', 'newspaper'],
    });
    const refused = await setOffline(admin, id, 'carrier pigeon');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'offlineSource', message: expect.stringContaining('walk-in, job fair') }]);

    await server.db.query('update submissions set assigned_to = $1 where id = $2', [bde.id, id]);
    const set = await setOffline(bde, id, 'walk-in');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ source: 'walk-in', offlineSource: 'walk-in' });
    expect((await setOffline(admin, id, 'job fair')).json()).toMatchObject({ source: 'job fair', offlineSource: 'job fair' });
    const back = (await setOffline(admin, id, null)).json();
    expect(back).toMatchObject({ source: 'facebook', offlineSource: null });
    expect(back.history.filter((e: { kind: string }) => e.kind === 'source')).toEqual([
      { kind: 'source', at: expect.any(String), by: expect.objectContaining({ fullName: 'Bharat Desai' }), from: null, to: 'walk-in' },
      { kind: 'source', at: expect.any(String), by: expect.objectContaining({ fullName: 'Anita Admin' }), from: 'walk-in', to: 'job fair' },
      { kind: 'source', at: expect.any(String), by: expect.objectContaining({ fullName: 'Anita Admin' }), from: 'job fair', to: null },
    ]);

    // A lead stored before sources were kept has none again once its offline source is taken back.
    await server.db.query('update submissions set source = null, attribution = null where id = $1', [id]);
    const old = await submit('Stored before', undefined);
    await server.db.query('update submissions set source = null where id = $1', [old]);
    expect((await setOffline(admin, old, 'phone')).json().source).toBe('phone');
    expect((await setOffline(admin, old, null)).json().source).toBeNull();
  });

  it('filters, counts and offers the sources, and exports the campaign', async () => {
    const list = async (query: string) =>
      (await server.app.inject({ method: 'GET', url: `/api/leads${query}`, headers: as(admin) })).json() as {
        items: { name: string }[];
        total: number;
        totalExact: boolean;
      };
    const facebook = await list('?source=FaceBook');
    expect(facebook.items.map((i) => i.name)).toEqual(['Campaign']);
    expect(facebook).toMatchObject({ total: 1, totalExact: true });
    expect((await list('?source=direct')).total).toBe(8);
    const facets = (await server.app.inject({ method: 'GET', url: '/api/leads/facets', headers: as(admin) })).json();
    expect(facets.sources).toEqual(['direct', 'facebook', 'google.com']);

    const csv = (await server.app.inject({ method: 'GET', url: '/api/leads.csv?source=facebook', headers: as(admin) })).body;
    const [header, row] = csv.slice(1).split('\r\n');
    expect(header).toBe(
      [
        'created_at,form,collection,page,city,status,assigned to,source,name,phone,email,type,description',
        'first utm_source,first utm_medium,first utm_campaign,first utm_term,first utm_content,first click ids,first referrer,first landing page,first seen at',
        'last utm_source,last utm_medium,last utm_campaign,last utm_term,last utm_content,last click ids,last referrer,last landing page,last seen at',
        'notes',
      ].join(','),
    );
    expect(row).toContain(',facebook,Campaign,');
    expect(row).toContain('Facebook,paid-social,surat-walkin-dec,,,fbclid,,/franchise/surat,2026-11-20 10:00:00 +05:30,');
    expect(row).toContain(',news.example.in,/franchise,2026-11-20 10:00:00 +05:30,');
  });
});
