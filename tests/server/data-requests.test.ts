import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../../src/server/housekeeping/sweep-expired';
import { migrate } from '../../src/server/db/migrate';
import { databaseKinds, openTestDatabase, startTestServer } from '../support/test-server';
import { startSheet } from '../support/sheet-endpoint';
import { PUBLIC_URL, startMailedServer } from '../support/mailed-server';
import { loginAs } from '../support/sessions';
import { first } from '../support/present';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

// A person asks to see, then to erase, what the site holds about their address, confirming by the mailed link.
describe.each(databaseKinds)('data principal requests on %s', (kind) => {
  let mailed: Awaited<ReturnType<typeof startMailedServer>>;
  let mailServer: typeof mailed.mailServer;
  let server: typeof mailed.server;

  beforeAll(async () => {
    mailed = await startMailedServer(kind);
    ({ mailServer, server } = mailed);
  });
  afterAll(() => mailed.close());

  const sql = (text: string, params: unknown[] = []) => server.db.query<Record<string, any>>(text, params);
  async function submit(form: string, page: string, data: Record<string, string>) {
    const response = await server.app.inject({ method: 'POST', url: `/api/forms/${form}`, payload: { page, data, captcha: 'x' } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  }
  async function upload() {
    const body = new FormData();
    body.append('kind', 'resume');
    body.append('file', new Blob([pdf], { type: 'application/pdf' }), 'resume.pdf');
    const response = await server.app.inject({ method: 'POST', url: '/api/uploads', payload: body });
    return response.json().id as string;
  }
  const form = (url: string, body: string) =>
    server.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  /** Asks, and answers the page shown and the path of the link mailed to the address. */
  async function ask(kindAsked: 'access' | 'erasure' | 'correction', email: string, details?: string) {
    mailServer.mails.length = 0;
    const asked = await server.app.inject({
      method: 'POST',
      url: '/api/data-requests',
      payload: { page: '/your-data', data: { kind: kindAsked, contact: email, details }, captcha: 'x' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    await server.app.outbox.runOnce();
    const mail = first(
      mailServer.mails.filter((m) => m.to.includes(email) && m.subject.startsWith('Confirm your request')),
      'the confirmation mail',
    );
    const link = first(mail.html.match(/https:\/\/hireframe\.test\/your-data\/confirm\?token=[\w-]+/) ?? [], 'the link');
    const token = link.slice(link.indexOf('token='));
    return {
      answer: { status: asked.statusCode, keys: Object.keys(asked.json()) },
      mail: mail.html.replaceAll(email, 'X').replace(token, 'T'),
      confirm: link.slice(PUBLIC_URL.length),
    };
  }

  it('answers alike whether or not data is held, exports exactly that person’s records, then erases them everywhere', async () => {
    const resume = await upload();
    const registration = await submit('visakhapatnam-registration', '/franchise/visakhapatnam', {
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '9876543210',
      role: 'student',
      resume,
    });
    const [{ stored_name: storedName }] = (await sql('select stored_name from uploads where id = $1', [resume])) as [
      { stored_name: string },
    ];
    const resumeFile = join(server.dataDir, 'uploads', storedName);
    await submit('newsletter', '/franchise/visakhapatnam', { email: 'Asha@Example.com' });
    const someoneElse = await submit('consultation', '/it-recruitment', {
      name: 'Ravi',
      email: 'ravi@example.com',
      contact: '9876543210',
      lookingFor: 'Job',
    });

    const held = await ask('access', 'asha@example.com');
    const notHeld = await ask('access', 'nobody@example.com');
    expect(held.answer).toEqual(notHeld.answer);
    expect(held.mail).toBe(notHeld.mail);

    // Opening the link only asks; the button acts.
    expect((await server.app.inject({ method: 'GET', url: held.confirm })).body).toContain('Show my data');
    const shown = await form(held.confirm, '');
    expect(shown.body).toContain('Your data');
    const jsonLink = first(shown.body.match(/\/your-data\/export\?token=[\w-]+&amp;format=json/) ?? [], 'the JSON link').replace(
      '&amp;',
      '&',
    );
    const exported = await server.app.inject({ method: 'GET', url: jsonLink });
    expect(exported.headers['content-disposition']).toContain('attachment');
    const records = exported.json();
    expect(records.submissions.map((s: { id: string }) => s.id).sort()).toHaveLength(2);
    expect(records.submissions.map((s: { id: string }) => s.id)).toContain(registration);
    expect(records.submissions.map((s: { id: string }) => s.id)).not.toContain(someoneElse);
    expect(records.uploads.map((u: { id: string }) => u.id)).toEqual([resume]);
    const csv = await server.app.inject({ method: 'GET', url: jsonLink.replace('format=json', 'format=csv') });
    expect(csv.body).toContain('category,id,created_at,field,value');
    expect(csv.body).toContain('Asha Rao');
    expect(csv.body).not.toContain('ravi@example.com');
    // The confirmation link worked once.
    expect((await form(held.confirm, '')).statusCode).toBe(404);

    // Mail still waiting for this person goes with the rest.
    await submit('city-lead', '/franchise/surat', {
      name: 'Asha Rao',
      phone: '9876543210',
      email: 'asha@example.com',
      description: 'Accounts jobs',
      type: 'student',
    });
    const erasure = await ask('erasure', 'asha@example.com');
    await submit('city-lead', '/franchise/surat', {
      name: 'Asha Rao',
      phone: '9876543210',
      email: 'asha@example.com',
      description: 'Still waiting',
      type: 'student',
    });
    expect(await sql(`select 1 from outbox where sent_at is null and payload::text ilike '%asha@example.com%'`)).not.toEqual([]);
    const erased = await form(erasure.confirm, '');
    expect(erased.body).toContain('Your data is erased');

    expect(await sql(`select id from submissions where lower(data->>'email') = 'asha@example.com'`)).toEqual([]);
    expect(await sql('select id from submissions where id = $1', [someoneElse])).toHaveLength(1);
    expect(await sql('select 1 from uploads where id = $1', [resume])).toEqual([]);
    expect(existsSync(resumeFile)).toBe(false);
    expect(await sql(`select 1 from outbox where payload::text ilike '%asha@example.com%'`)).toEqual([]);
    // The audit entries remain, with no address.
    expect(await sql(`select 1 from data_requests where email ilike 'asha@example.com'`)).toEqual([]);
    const audit = await sql(`select outcome from data_requests where kind = 'erasure' and completed_at is not null`);
    expect(audit).toEqual([{ outcome: { submissions: 4, jobApplications: 0, mail: expect.any(Number) } }]);

    // The unanswered request forgets its address once its link has expired.
    await sql(`update data_requests set expires_at = now() - interval '1 second' where email = 'nobody@example.com'`);
    await sweepExpired(server.db, server.dataDir);
    expect(await sql(`select 1 from data_requests where email is not null`)).toEqual([]);

    const admin = (await loginAs(server.app, server.db, 'ADMIN')).cookies;
    const queue = await server.app.inject({ method: 'GET', url: '/api/admin/data-requests', cookies: admin });
    expect(queue.statusCode).toBe(200);
    expect(queue.body).not.toContain('@example.com');
    expect(queue.json().items.map((r: { kind: string; status: string }) => [r.kind, r.status])).toEqual([
      ['erasure', 'completed'],
      ['access', 'link expired'],
      ['access', 'completed'],
    ]);
  });

  it('takes a correction to an admin, who answers it by mail; then only the outcome is kept', async () => {
    // Without saying what is wrong, the form's own message asks for it; nothing is stored or mailed.
    const bare = await server.app.inject({
      method: 'POST',
      url: '/api/data-requests',
      payload: { page: '/your-data', data: { kind: 'correction', contact: 'meera@example.com', details: '  ' }, captcha: 'x' },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toEqual([{ field: 'details', message: 'Please say what is wrong and what it should say.' }]);
    // Nor is it ever filed as a lead through the form API.
    const asLead = await server.app.inject({
      method: 'POST',
      url: '/api/forms/data-request',
      payload: { page: '/your-data', data: { kind: 'access', contact: 'meera@example.com' }, captcha: 'x' },
    });
    expect(asLead.statusCode).toBe(404);
    expect(await sql(`select 1 from data_requests where email = 'meera@example.com'`)).toEqual([]);

    await submit('city-lead', '/franchise/surat', {
      name: 'Meera Nair',
      phone: '9876543210',
      email: 'meera@example.com',
      description: 'Accounts jobs',
      type: 'student',
    });
    const words = 'My phone number is 9876500000, not 9876543210.';
    const asked = await ask('correction', 'meera@example.com', words);
    const shown = await server.app.inject({ method: 'GET', url: asked.confirm });
    expect(shown.body).toContain('Send my correction');
    expect(shown.body).toContain('9876500000');

    mailServer.mails.length = 0;
    const confirmed = await form(asked.confirm, '');
    expect(confirmed.body).toContain('Your correction is with us');
    await server.app.outbox.runOnce();
    const notice = first(
      mailServer.mails.filter((m) => m.to.includes('grievance@hireframe.in')),
      'the mail to the grievance officer',
    );
    expect(notice.html).toContain(words);
    expect(notice.html).toContain('meera@example.com');
    expect(notice.html).toContain('https://hireframe.test/admin/data-requests');

    const admin = (await loginAs(server.app, server.db, 'ADMIN')).cookies;
    const queue = async () =>
      (await server.app.inject({ method: 'GET', url: '/api/admin/data-requests', cookies: admin })).json().items as Record<
        string,
        unknown
      >[];
    const waiting = first(
      (await queue()).filter((r) => r.status === 'awaiting an answer'),
      'the correction in the queue',
    );
    expect(waiting).toMatchObject({ kind: 'correction', contact: 'meera@example.com', details: words, completedAt: null });

    // Only admins answer, with words for the person.
    const bde = (await loginAs(server.app, server.db, 'BDE')).cookies;
    const answerUrl = `/api/admin/data-requests/${waiting.id}/answer`;
    const reply = { outcome: 'corrected', message: 'Done: your number now reads 9876500000.' };
    expect((await server.app.inject({ method: 'POST', url: answerUrl, cookies: bde, payload: reply })).statusCode).toBe(403);
    const empty = await server.app.inject({ method: 'POST', url: answerUrl, cookies: admin, payload: { ...reply, message: '' } });
    expect(empty.statusCode).toBe(400);

    mailServer.mails.length = 0;
    const answered = await server.app.inject({ method: 'POST', url: answerUrl, cookies: admin, payload: reply });
    expect(answered.statusCode, answered.body).toBe(204);
    await server.app.outbox.runOnce();
    const mailed = first(
      mailServer.mails.filter((m) => m.to.includes('meera@example.com')),
      'the answer',
    );
    expect(mailed.subject).toContain('corrected');
    expect(mailed.html).toContain(reply.message);
    const again = await server.app.inject({ method: 'POST', url: answerUrl, cookies: admin, payload: reply });
    expect(again.statusCode).toBe(409);

    const done = first(
      (await queue()).filter((r) => r.id === waiting.id),
      'the answered request',
    );
    expect(done).toMatchObject({ status: 'completed', contact: null, details: null, outcome: { corrected: 1 } });
    expect(await sql('select email, details from data_requests where id = $1', [waiting.id])).toEqual([{ email: null, details: null }]);
  });
});

// By mobile number: the link goes by SMS, through the SMS gateway (an HTTP endpoint on loopback stands in for the
// provider, which cannot be reached from here), and records are found however the number was typed.
describe.each(databaseKinds)('data principal requests by mobile number on %s', (kind) => {
  let gateway: Awaited<ReturnType<typeof startSheet>>;
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    gateway = await startSheet();
    server = await startTestServer({
      kind,
      site: false,
      config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000, publicUrl: PUBLIC_URL, env: { SMS_GATEWAY_URL: gateway.url } },
    });
  });
  afterAll(async () => {
    await server?.close();
    await gateway?.close();
  });

  const sql = (text: string, params: unknown[] = []) => server.db.query<Record<string, any>>(text, params);
  const post = (url: string, payload: Record<string, unknown>) => server.app.inject({ method: 'POST', url, payload });
  /** Asks by number; answers the path of the link the SMS carried to the number (in E.164). */
  async function askByPhone(kindAsked: 'access' | 'erasure' | 'correction', phone: string, details?: string, to = '+919825012345') {
    gateway.received.length = 0;
    const asked = await post('/api/data-requests', {
      page: '/your-data',
      data: { kind: kindAsked, contact: phone, details },
      captcha: 'x',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    await server.app.outbox.runOnce();
    const sms = first(gateway.received, 'the SMS') as { body: { to: string; text: string } };
    expect(sms.body.to).toBe(to);
    expect(sms.body.text).toMatch(/^Hireframe: Someone \(we hope you\) asked Hireframe to .* this mobile number/);
    return first(sms.body.text.match(/\/your-data\/confirm\?token=[\w-]+/) ?? [], 'the link in the SMS');
  }

  /** Opens a confirmation link's page and presses its button, as the visitor does. */
  const confirm = (link: string) =>
    server.app.inject({ method: 'POST', url: link, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });

  it('exports and erases the records sent with that number, written any way, and nobody else’s', async () => {
    const lead = async (form: string, page: string, data: Record<string, string>) => {
      const response = await post(`/api/forms/${form}`, { page, data, captcha: 'x' });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    const surat = await lead('city-lead', '/franchise/surat', {
      name: 'Ravi Patel',
      phone: '9825012345',
      email: 'ravi@example.com',
      description: 'Accounts jobs',
      type: 'student',
    });
    const consultation = await lead('consultation', '/it-recruitment', {
      name: 'Ravi Patel',
      email: 'ravi.work@example.com',
      contact: '+91 98250 12345',
      lookingFor: 'Job',
    });
    const other = await lead('consultation', '/it-recruitment', {
      name: 'Someone Else',
      email: 'else@example.com',
      contact: '9825012346',
      lookingFor: 'Job',
    });

    const access = await askByPhone('access', '9825012345');
    const shown = await confirm(access);
    expect(shown.body).toContain('2 form records');
    const jsonLink = first(shown.body.match(/\/your-data\/export\?token=[\w-]+&amp;format=json/) ?? [], 'the JSON link').replace(
      '&amp;',
      '&',
    );
    const exported = (await server.app.inject({ method: 'GET', url: jsonLink })).json();
    expect(exported.phone).toBe('+919825012345');
    expect(exported.submissions.map((s: { id: string }) => s.id).sort()).toEqual([surat, consultation].sort());

    // A correction asked by number: the grievance officer's notice (no mail transport here, so it waits) is about them.
    const correction = await askByPhone('correction', '98250 12345', 'My name is Ravi Patel.');
    await confirm(correction);
    expect(await sql(`select 1 from outbox where kind = 'email' and payload->>'about' = '+919825012345'`)).toHaveLength(1);

    const erasure = await askByPhone('erasure', '+91 98250 12345');
    const erased = await confirm(erasure);
    expect(erased.body).toContain('Your data is erased');
    expect(await sql('select id from submissions order by id')).toEqual([{ id: other }]);
    // The SMS rows and the notice went with the rest; the audit entries keep no number.
    expect(await sql(`select kind, payload from outbox where kind = 'sms' or payload::text ~ '98250 ?12345'`)).toEqual([]);
    expect(await sql('select 1 from data_requests where phone is not null or email is not null')).toEqual([]);
  });

  it('finds nothing for a number from abroad that ends in the same ten digits, and refuses numbers no country has', async () => {
    const lead = await post('/api/forms/city-lead', {
      page: '/franchise/surat',
      data: { name: 'Asha Rao', phone: '79111 23456', email: 'asha@example.com', description: 'Accounts jobs', type: 'student' },
      captcha: 'x',
    });
    expect(lead.statusCode, lead.body).toBe(201);
    // A British mobile number whose national digits are those of Asha's Indian one.
    const link = await askByPhone('access', '+44 7911 123456', undefined, '+447911123456');
    const shown = await confirm(link);
    expect(shown.body).toContain('0 form records');
    expect(shown.body).not.toContain('Asha');
    // Each of these once got an SMS whose link showed the records of the Indian number ending 9876543210.
    // (Each from an address of its own: five requests a minute is the limit of one.)
    for (const [i, contact] of ['+1 987 654 3210', '+44 9876543210', '009876543210'].entries()) {
      const asked = await server.app.inject({
        method: 'POST',
        url: '/api/data-requests',
        payload: { page: '/your-data', data: { kind: 'access', contact }, captcha: 'x' },
        remoteAddress: `192.0.2.${i + 1}`,
      });
      expect(asked.statusCode, contact).toBe(400);
      expect(asked.json().errors, contact).toEqual([{ field: 'contact', message: 'Enter your email address or your mobile number' }]);
    }
  });

  it('an SMS waits in the outbox while no gateway is set, as a forward does', async () => {
    const quiet = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, publicUrl: PUBLIC_URL } });
    try {
      const asked = await quiet.app.inject({
        method: 'POST',
        url: '/api/data-requests',
        payload: { page: '/your-data', data: { kind: 'access', contact: '9876543210' }, captcha: 'x' },
      });
      expect(asked.statusCode).toBe(201);
      expect(await quiet.app.outbox.runOnce()).toEqual({ sent: 0, failed: 0 });
      expect(await quiet.db.query(`select kind, attempts from outbox`)).toEqual([{ kind: 'sms', attempts: 0 }]);
    } finally {
      await quiet.close();
    }
  });
});

// Numbers stored as they were typed, before phones were kept in E.164: migration 022 rewrites them, so a request by
// number finds them as it finds new ones.
describe.each(databaseKinds)('numbers stored before E.164, on %s', (kind) => {
  it('rewrites Indian numbers and numbers with a country code in E.164, and leaves the rest as they were', async () => {
    const { db, drop } = await openTestDatabase(kind);
    try {
      await migrate(db);
      // The database as 022 found it: the function it drops, and rows as the forms stored them.
      await db.query('create function phone_key(value text) returns text language sql immutable as $$ select value $$');
      await db.query('delete from schema_migrations where version = 22');
      const typed = ['9825012345', '98250 12345', '+91 98250-12345', '098250 12345', '0091 98250 12345', '+44 7911 123456', '12345', 'n/a'];
      for (const phone of typed)
        await db.query(
          `insert into submissions (form_id, collection, page, data) values ('city-lead', 'LeadForms', '/franchise/surat', $1)`,
          [{ name: phone, phone }],
        );
      await db.query(`insert into submissions (form_id, collection, page, data) values ('consultation', 'ConsultationRequests', '/', $1)`, [
        { name: 'contact', contact: '(+91) 98250 12345' },
      ]);
      expect(await migrate(db)).toEqual(['022-phones-in-e164.sql']);
      const rows = await db.query<{ name: string; phone: string }>(
        `select data->>'name' as name, coalesce(data->>'phone', data->>'contact') as phone from submissions`,
      );
      expect(Object.fromEntries(rows.map((r) => [r.name, r.phone]))).toEqual({
        '9825012345': '+919825012345',
        '98250 12345': '+919825012345',
        '+91 98250-12345': '+919825012345',
        '098250 12345': '+919825012345',
        '0091 98250 12345': '+919825012345',
        '+44 7911 123456': '+447911123456',
        '12345': '12345',
        'n/a': 'n/a',
        contact: '+919825012345',
      });
      // The search column follows the stored value.
      const found = await db.query(`select 1 from submissions where search_text like '%+919825012345%'`);
      expect(found).toHaveLength(6);
    } finally {
      await drop();
    }
  });
});
