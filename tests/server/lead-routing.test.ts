import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openTestDatabase, startTestServer } from '../support/test-server';
import { migrate } from '../../src/server/db/migrate';
import { loginAs } from '../support/sessions';
import { createUser } from '../../src/server/users/store';

// New leads are routed by the shipped rules of pages/lead-routing.json: a franchise city's leads to its franchise BDEs
// in turn, the rest to the head-office BDEs in turn, newsletter subscribers to nobody.
type Server = Awaited<ReturnType<typeof startTestServer>>;

describe.each(databaseKinds)('leads routed on arrival on %s', (kind) => {
  let server: Server;
  let adminToken: string;
  const ids = new Map<string, string>();
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });
    adminToken = (await loginAs(server.app, server.db, 'ADMIN', { username: 'meera.admin', fullName: 'Meera Iyer' })).token;
  });
  afterAll(() => server.close());

  const staff = async (username: string, role: 'BDE' | 'FBDE', extra: { city?: string; active?: boolean; awayUntil?: string } = {}) => {
    const { id } = await createUser(server.db, { username, password: 'correct horse battery', role, city: extra.city, fullName: username });
    if (extra.active === false) await server.db.query('update users set active = false where id = $1', [id]);
    if (extra.awayUntil) await server.db.query('update users set away_until = $2 where id = $1', [id, extra.awayUntil]);
    ids.set(id, username);
    return id;
  };
  const post = async (formId: string, page: string, data: Record<string, unknown>) => {
    const response = await server.app.inject({ method: 'POST', url: `/api/forms/${formId}`, payload: { page, data, captcha: 'x' } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const suratLead = (n: number) =>
    post('city-lead', '/franchise/surat', {
      name: `Surat Visitor ${n}`,
      // Each visitor is someone else: one phone number would make them one person, whose leads stay with one BDE.
      phone: `98765${String(n).padStart(5, '0')}`,
      email: `surat${n}@example.com`,
      description: 'Looking for a job in Surat',
      type: 'student',
    });
  const headOfficeLead = (n: number) =>
    post('consultation', '/it-recruitment', {
      name: `Visitor ${n}`,
      email: `v${n}@example.com`,
      contact: `98766${String(n).padStart(5, '0')}`,
      lookingFor: 'Job',
    });
  const assigneeOf = async (id: string) => {
    const [row] = await server.db.query<{ assigned_to: string | null }>('select assigned_to from submissions where id = $1', [id]);
    return row?.assigned_to ? ids.get(row.assigned_to) : null;
  };
  const asAdmin = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
    server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${adminToken}` } });
  const historyOf = async (id: string) => (await asAdmin('GET', `/api/leads/${id}`)).json().history;

  it('leaves a lead in the inbox, saying why, while nobody in its teams is available', async () => {
    await staff('zara.away', 'BDE', { awayUntil: new Date(Date.now() + 86_400_000).toISOString() });
    const id = await suratLead(0);
    expect(await assigneeOf(id)).toBeNull();
    expect(await historyOf(id)).toEqual([
      { kind: 'unavailable', at: expect.any(String), teams: ["Franchise BDEs of the lead's city", 'Head-office BDEs'] },
    ]);
  });

  it("gives a city's leads to its franchise BDEs in turn, skipping the deactivated and those away", async () => {
    await staff('anil.fbde', 'FBDE', { city: 'Surat' });
    await staff('bela.fbde', 'FBDE', { city: 'Surat' });
    await staff('chirag.fbde', 'FBDE', { city: 'Surat', active: false });
    await staff('dipti.fbde', 'FBDE', { city: 'Surat', awayUntil: new Date(Date.now() + 86_400_000).toISOString() });
    // Back from leave: her away date has passed.
    await staff('esha.fbde', 'FBDE', { city: 'Surat', awayUntil: new Date(Date.now() - 60_000).toISOString() });
    await staff('farid.fbde', 'FBDE', { city: 'Chennai' });

    const oneByOne = [];
    for (let n = 1; n <= 3; n++) oneByOne.push(await assigneeOf(await suratLead(n)));
    expect([...oneByOne].sort()).toEqual(['anil.fbde', 'bela.fbde', 'esha.fbde']);
    // Many at once share the statements that store them, and still each person takes the same number of leads.
    const atOnce = await Promise.all(Array.from({ length: 9 }, (_, n) => suratLead(10 + n)));
    const counts: Record<string, number> = {};
    for (const id of atOnce) {
      const who = String(await assigneeOf(id));
      counts[who] = (counts[who] ?? 0) + 1;
    }
    expect(counts).toEqual({ 'anil.fbde': 3, 'bela.fbde': 3, 'esha.fbde': 3 });
  });

  it("gives an employer's job request to the franchise of the city its job is in", async () => {
    const request = await post('job-posting', '/free-job-posting', {
      companyName: 'Tapi Textiles',
      contactName: 'Nikhil Desai',
      email: 'nikhil@tapi.example',
      phone: '9825012345',
      jobTitle: 'Merchandiser',
      location: 'Surat,  Gujarat',
      employmentType: 'FULL_TIME',
      openings: 2,
      description: 'Work with buyers on orders and samples.',
    });
    const [row] = await server.db.query<{ city: string }>('select city from submissions where id = $1', [request]);
    expect(row?.city).toBe('Surat');
    expect(['anil.fbde', 'bela.fbde', 'esha.fbde']).toContain(await assigneeOf(request));
  });

  it('sends the rest to the head-office BDEs in turn, and newsletter subscribers to nobody', async () => {
    await staff('gita.bde', 'BDE');
    await staff('hari.bde', 'BDE');
    const assignees = [];
    for (let n = 1; n <= 4; n++) assignees.push(await assigneeOf(await headOfficeLead(n)));
    expect(assignees.slice(0, 2).sort()).toEqual(['gita.bde', 'hari.bde']);
    expect(assignees.slice(2)).toEqual(assignees.slice(0, 2));
    // Visakhapatnam has no franchise BDE: its registrations go to head office.
    const vizag = await post('visakhapatnam-registration', '/franchise/visakhapatnam', {
      name: 'Imran Khan',
      email: 'imran@example.com',
      phone: '9876512345',
      role: 'jobseeker',
      industry: 'maritime',
    });
    expect(['gita.bde', 'hari.bde']).toContain(await assigneeOf(vizag));
    const subscriber = await post('newsletter', '/franchise/visakhapatnam', { email: 'news@example.com' });
    expect(await assigneeOf(subscriber)).toBeNull();
    expect(await historyOf(subscriber)).toEqual([
      { kind: 'kept', at: expect.any(String), rule: 'Newsletter subscribers are mailed, not called' },
    ]);
  });

  it('passes over someone an admin marks away until the day after their last day away', async () => {
    const hari = [...ids.entries()].find(([, name]) => name === 'hari.bde')![0];
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    const away = await asAdmin('PATCH', `/api/admin/users/${hari}`, { awayUntil: tomorrow });
    expect(away.statusCode, away.body).toBe(200);
    expect(away.json().user).toMatchObject({ username: 'hari.bde', awayUntil: tomorrow });
    const [row] = await server.db.query<{ back: string }>(
      `select to_char(away_until at time zone 'Asia/Kolkata', 'HH24:MI') as back from users where id = $1`,
      [hari],
    );
    expect(row?.back).toBe('00:00');
    const whileAway = [];
    for (let n = 20; n < 23; n++) whileAway.push(await assigneeOf(await headOfficeLead(n)));
    expect(whileAway).toEqual(['gita.bde', 'gita.bde', 'gita.bde']);
    // Back early: the admin clears the date.
    const back = await asAdmin('PATCH', `/api/admin/users/${hari}`, { awayUntil: null });
    expect(back.json().user.awayUntil).toBeNull();
    const after = [];
    for (let n = 23; n < 25; n++) after.push(await assigneeOf(await headOfficeLead(n)));
    expect(after.sort()).toEqual(['gita.bde', 'hari.bde']);
  });

  it('keeps the routing and every later change in the history, with who made it', async () => {
    const id = await headOfficeLead(9);
    const routedTo = await assigneeOf(id);
    const other = [...ids.entries()].find(([, name]) => name === (routedTo === 'gita.bde' ? 'hari.bde' : 'gita.bde'))![0];
    expect((await asAdmin('PATCH', `/api/leads/${id}`, { assignedTo: other })).statusCode).toBe(200);
    const lead = (await asAdmin('PATCH', `/api/leads/${id}`, { status: 'contacted' })).json();
    const person = (username: string) => expect.objectContaining({ username });
    expect(lead.history).toEqual([
      {
        kind: 'routed',
        at: expect.any(String),
        to: person(String(routedTo)),
        team: 'Head-office BDEs',
        rule: 'Default team',
      },
      { kind: 'assigned', at: expect.any(String), by: person('meera.admin'), from: person(String(routedTo)), to: person(ids.get(other)!) },
      { kind: 'status', at: expect.any(String), by: person('meera.admin'), from: 'new', to: 'contacted' },
    ]);
  });
});

// Job requests stored before they took their city from their location: migration 025 gives them one.
describe.each(databaseKinds)('job requests stored without a city, on %s', (kind) => {
  it('take the city their location names, so its franchise sees them', async () => {
    const { db, drop } = await openTestDatabase(kind);
    try {
      await migrate(db);
      await db.query('delete from schema_migrations where version = 25');
      for (const location of ['Surat, Gujarat', '  Navi   Mumbai ', '', 'Pune'])
        await db.query(
          `insert into submissions (form_id, collection, page, data) values ('job-posting', 'JobRequests', '/free-job-posting', $1)`,
          [{ companyName: location || 'none', location }],
        );
      await db.query(
        `insert into submissions (form_id, collection, page, city, data) values ('job-posting', 'JobRequests', '/free-job-posting', 'Chennai', $1)`,
        [{ companyName: 'has a city', location: 'Madurai' }],
      );
      expect(await migrate(db)).toEqual(['025-job-request-cities.sql']);
      const rows = await db.query<{ company: string; city: string | null }>(
        `select data->>'companyName' as company, city from submissions`,
      );
      expect(Object.fromEntries(rows.map((r) => [r.company, r.city]))).toEqual({
        'Surat, Gujarat': 'Surat',
        '  Navi   Mumbai ': 'Navi Mumbai',
        none: null,
        Pune: 'Pune',
        'has a city': 'Chennai',
      });
    } finally {
      await drop();
    }
  });
});
