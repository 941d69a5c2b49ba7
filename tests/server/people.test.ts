import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openTestDatabase, startTestServer } from '../support/test-server';
import { migrate } from '../../src/server/db/migrate';
import { loginAs } from '../support/sessions';
import { publishedJob } from '../support/published-job';
import { createUser } from '../../src/server/users/store';
import { eraseSubmissions } from '../../src/server/retention/erase-records';

// One person across forms: the phone number (however it is written) and the e-mail address (whatever its capitals)
// find the person; the lead shows what else they sent; a repeat goes to whoever has their lead; ADMIN merges and
// separates people.
type Server = Awaited<ReturnType<typeof startTestServer>>;

describe.each(databaseKinds)('one person across forms, on %s', (kind) => {
  let server: Server;
  let admin: Awaited<ReturnType<typeof loginAs>>;
  const users = new Map<string, string>();
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });
    admin = await loginAs(server.app, server.db, 'ADMIN', { username: 'meera.admin', fullName: 'Meera Iyer' });
    const staff: [string, 'FBDE' | 'BDE'][] = [
      ['anil.fbde', 'FBDE'],
      ['bela.fbde', 'FBDE'],
      ['gita.bde', 'BDE'],
    ];
    for (const [username, role] of staff) {
      const city = role === 'FBDE' ? 'Surat' : undefined;
      const { id } = await createUser(server.db, { username, password: 'correct horse battery', role, city, fullName: username });
      users.set(id, username);
    }
  });
  afterAll(() => server.close());

  const post = async (formId: string, page: string, data: Record<string, unknown>) => {
    const response = await server.app.inject({ method: 'POST', url: `/api/forms/${formId}`, payload: { page, data, captcha: 'x' } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; reference: string };
  };
  const suratLead = (name: string, phone: string, email: string) =>
    post('city-lead', '/franchise/surat', { name, phone, email, description: 'Looking for a job in Surat', type: 'student' });
  const as = (cookies: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) =>
    server.app.inject({ method, url, payload, cookies });
  const personOf = async (id: string, cookies = admin.cookies) => {
    const response = await as(cookies, 'GET', `/api/leads/${id}/person`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().person;
  };
  const assigneeOf = async (id: string) => {
    const [row] = await server.db.query<{ assigned_to: string | null }>('select assigned_to from submissions where id = $1', [id]);
    return row?.assigned_to ? users.get(row.assigned_to) : null;
  };

  it('links a phone number written three ways, and an e-mail in other capitals, to one person', async () => {
    const first = await suratLead('Priya Sharma', '98790 11223', 'priya@example.com');
    const second = await post('consultation', '/it-recruitment', {
      name: 'Priya Sharma',
      email: 'Priya@Example.com',
      contact: '+91 98790-11223',
      lookingFor: 'Job',
    });
    const third = await post('city-registration', '/franchise/hyderabad', {
      name: 'Priya S.',
      email: 'priya.s@example.com',
      phone: '098790 11223',
      role: 'jobseeker',
    });
    const job = await publishedJob(server.app, admin.cookies);
    const applied = await server.app.inject({
      method: 'POST',
      url: `/api/jobs/public/${job}/applications`,
      payload: { data: { name: 'Priya Sharma', email: 'PRIYA@example.com', phone: '9879011223' }, captcha: 'x' },
    });
    expect(applied.statusCode, applied.body).toBe(201);

    const person = await personOf(third.id);
    expect(person.seenBefore).toEqual({ submission: 2, registration: 0, 'job-application': 1 });
    expect(person.parts).toEqual([
      { id: person.id, phones: ['+91 98790 11223'], emails: ['priya.s@example.com', 'priya@example.com'], merged: null },
    ]);
    expect(
      person.records.map((r: { kind: string; reference: string | null; current: boolean }) => [r.kind, r.reference, r.current]),
    ).toEqual([
      ['job-application', null, false],
      ['registration', third.reference, true],
      ['submission', second.reference, false],
      ['submission', first.reference, false],
    ]);
    expect(person.records[0]).toMatchObject({ title: 'Accounts Executive', jobId: job, open: true });
    expect((await personOf(first.id)).id).toBe(person.id);
  });

  it('gives a repeat within the window to whoever has the person, flagged, and routes it again once they cannot take it', async () => {
    const first = await suratLead('Rohan Mehta', '9825000001', 'rohan@example.com');
    const owner = await assigneeOf(first.id);
    // Round robin alone would give the next Surat lead to the other franchise BDE.
    const other = await suratLead('Someone Else', '9825000002', 'else@example.com');
    expect(await assigneeOf(other.id)).not.toBe(owner);
    const again = await suratLead('Rohan Mehta', '+91 98250 00001', 'rohan.m@example.com');
    expect(await assigneeOf(again.id)).toBe(owner);
    const lead = (await as(admin.cookies, 'GET', `/api/leads/${again.id}`)).json();
    expect(lead.repeat).toBe(true);
    expect(lead.history).toEqual([
      { kind: 'repeat', at: expect.any(String), to: expect.objectContaining({ username: owner }), of: first.reference },
    ]);
    const list = (await as(admin.cookies, 'GET', `/api/leads?q=${encodeURIComponent(again.reference)}`)).json();
    expect(list.items.map((item: { repeat: boolean }) => item.repeat)).toEqual([true]);

    // Deactivated, the owner takes no more: the next repeat is routed as any lead, still flagged.
    await server.db.query('update users set active = false where username = $1', [owner]);
    const third = await suratLead('Rohan Mehta', '9825000001', 'rohan@example.com');
    expect(await assigneeOf(third.id)).not.toBe(owner);
    expect(await assigneeOf(third.id)).toBeTruthy();
    expect((await as(admin.cookies, 'GET', `/api/leads/${third.id}`)).json()).toMatchObject({
      repeat: true,
      history: [expect.objectContaining({ kind: 'routed' })],
    });
    await server.db.query('update users set active = true where username = $1', [owner]);
  });

  it('lets an admin merge two people by a reference and separate them again, in both histories', async () => {
    const work = await suratLead('Kavya Nair', '9900000011', 'kavya.work@example.com');
    const home = await post('consultation', '/it-recruitment', {
      name: 'Kavya N',
      email: 'kavya@home.example',
      contact: '9900000022',
      lookingFor: 'Job',
    });
    expect((await personOf(work.id)).seenBefore).toEqual({ submission: 0, registration: 0, 'job-application': 0 });

    const bde = await loginAs(server.app, server.db, 'BDE');
    const refused = await as(bde.cookies, 'POST', `/api/leads/${work.id}/person/merge`, { with: home.reference });
    expect(refused.statusCode).toBe(403);
    const unknown = await as(admin.cookies, 'POST', `/api/leads/${work.id}/person/merge`, { with: 'HF-1999-000001' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'with', message: 'No lead has that reference. It reads like HF-2026-000123.' }]);

    const merged = await as(admin.cookies, 'POST', `/api/leads/${work.id}/person/merge`, { with: home.reference.toLowerCase() });
    expect(merged.statusCode, merged.body).toBe(200);
    const person = merged.json().person;
    expect(person.seenBefore).toEqual({ submission: 1, registration: 0, 'job-application': 0 });
    expect(person.parts).toEqual([
      { id: person.id, phones: ['+91 99000 00011'], emails: ['kavya.work@example.com'], merged: null },
      {
        id: expect.any(String),
        phones: ['+91 99000 00022'],
        emails: ['kavya@home.example'],
        merged: { at: expect.any(String), by: expect.objectContaining({ username: 'meera.admin' }) },
      },
    ]);
    expect((await personOf(home.id)).id).toBe(person.id);
    const again = await as(admin.cookies, 'POST', `/api/leads/${home.id}/person/merge`, { with: work.reference });
    expect(again.json().errors).toEqual([{ field: 'with', message: 'That lead is already from this person.' }]);

    // A lead from the merged-in number is a repeat of the person: it goes to whoever has their latest lead.
    const later = await post('consultation', '/it-recruitment', {
      name: 'Kavya',
      email: 'k@example.com',
      contact: '99000 00022',
      lookingFor: 'Job',
    });
    const [homeRow] = await server.db.query<{ assigned_to: string }>('select assigned_to from submissions where id = $1', [home.id]);
    const [laterRow] = await server.db.query<{ assigned_to: string; repeat_of: string }>(
      'select assigned_to, repeat_of from submissions where id = $1',
      [later.id],
    );
    expect(laterRow).toEqual({ assigned_to: homeRow?.assigned_to ?? null, repeat_of: home.id });

    const part = person.parts[1].id;
    const separated = await as(admin.cookies, 'POST', `/api/leads/${work.id}/person/parts/${part}/separate`, {});
    expect(separated.statusCode, separated.body).toBe(200);
    expect(separated.json().person.parts).toHaveLength(1);
    expect(separated.json().person.seenBefore).toEqual({ submission: 0, registration: 0, 'job-application': 0 });
    const history = (await as(admin.cookies, 'GET', `/api/leads/${work.id}`)).json().history;
    expect(history.slice(-2)).toEqual([
      { kind: 'merged', at: expect.any(String), by: expect.objectContaining({ username: 'meera.admin' }), with: home.reference },
      { kind: 'separated', at: expect.any(String), by: expect.objectContaining({ username: 'meera.admin' }) },
    ]);
    expect((await as(admin.cookies, 'GET', `/api/leads/${home.id}`)).json().history.at(-1)).toMatchObject({
      kind: 'merged',
      with: work.reference,
    });
  });

  it('shows a BDE that the person sent leads they cannot open, without what those leads hold', async () => {
    const mine = await suratLead('Dev Patel', '9811100000', 'dev@example.com');
    const elsewhere = await post('consultation', '/it-recruitment', {
      name: 'Dev Patel',
      email: 'dev@example.com',
      contact: '9811100000',
      lookingFor: 'Job',
    });
    // A repeat, it went to whoever has the first; an admin takes it back for the inbox.
    const unassigned = await server.app.inject({
      method: 'PATCH',
      url: `/api/leads/${elsewhere.id}`,
      payload: { assignedTo: null },
      cookies: admin.cookies,
    });
    expect(unassigned.statusCode, unassigned.body).toBe(200);
    const [row] = await server.db.query<{ assigned_to: string }>('select assigned_to from submissions where id = $1', [mine.id]);
    const owner = users.get(row!.assigned_to)!;
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: owner, password: 'correct horse battery' },
    });
    const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
    const person = await personOf(mine.id, cookies);
    const hidden = person.records.find((r: { id: string }) => r.id === elsewhere.id);
    expect(hidden).toMatchObject({ open: false, status: null, city: null, assignedTo: null, reference: elsewhere.reference });
    expect(person.records.find((r: { id: string }) => r.id === mine.id)).toMatchObject({ open: true, status: 'new', current: true });
  });

  it('forgets a person and the numbers they were known by once their last record is erased', async () => {
    const only = await suratLead('Asha Rao', '9700000001', 'asha@example.com');
    const count = async () =>
      (
        await server.db.query<{ n: number }>(
          `select count(*)::int as n from person_keys where key in ('tel:+919700000001', 'mailto:asha@example.com')`,
        )
      )[0]?.n;
    expect(await count()).toBe(2);
    await eraseSubmissions(server.db, server.dataDir, 'id = $1', [only.id]);
    expect(await count()).toBe(0);
  });
});

// Leads and applications stored before people were: migration 032 links them as the forms link new ones, by the fields
// the lead screens read a contact from (phone, else contact; email), taking only well-formed numbers and addresses.
describe.each(databaseKinds)('leads stored before people, on %s', (kind) => {
  it('are linked to their people when the migration runs', async () => {
    const { db, drop } = await openTestDatabase(kind, { unmigrated: true });
    try {
      await migrate(db, { through: 31 });
      const lead = async (name: string, data: Record<string, string>) => {
        const [row] = await db.query<{ id: string }>(
          `insert into submissions (form_id, collection, page, data) values ('consultation', 'LeadForms', '/it-recruitment', $1) returning id`,
          [{ name, ...data }],
        );
        return row!.id;
      };
      const ids = {
        byPhone: await lead('Priya', { phone: '+919879011223', email: 'Priya@Example.com' }),
        byContact: await lead('Priya again', { contact: '+919879011223' }),
        byEmail: await lead('Priya by mail', { email: 'priya@example.com', phone: 'call me' }),
        other: await lead('Ravi', { email: 'ravi@example.com', contact: '12345' }),
        nothing: await lead('Nobody', { email: 'not an address' }),
      };
      const [job] = await db.query<{ id: string }>(
        `insert into jobs (title, description, company_name, location, employment_type) values ('Clerk', 'Files', 'Acme', 'Surat', 'Full-time') returning id`,
      );
      await db.query(
        `insert into job_applications (job_id, name, email, phone) values ($1, 'Priya', 'PRIYA@example.com', '+919879011223')`,
        [job!.id],
      );

      expect(await migrate(db)).toContain('032-people.sql');
      const people = new Map(
        (await db.query<{ id: string; person_id: string | null }>('select id, person_id from submissions')).map((r) => [r.id, r.person_id]),
      );
      const priya = people.get(ids.byPhone);
      expect(priya).toBeTruthy();
      expect([people.get(ids.byContact), people.get(ids.byEmail)]).toEqual([priya, priya]);
      expect(people.get(ids.other)).toBeTruthy();
      expect(people.get(ids.other)).not.toBe(priya);
      expect(people.get(ids.nothing)).toBeNull();
      const [application] = await db.query<{ person_id: string }>('select person_id from job_applications');
      expect(application!.person_id).toBe(priya);
      const keys = await db.query<{ key: string; person_id: string }>('select key, person_id from person_keys order by key');
      expect(keys).toEqual([
        { key: 'mailto:priya@example.com', person_id: priya },
        { key: 'mailto:ravi@example.com', person_id: people.get(ids.other) },
        { key: 'tel:+919879011223', person_id: priya },
      ]);
    } finally {
      await drop();
    }
  });
});
