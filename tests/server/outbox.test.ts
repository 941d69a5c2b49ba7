import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxWorker } from '../../src/server/outbox/worker';
import { databaseKinds, startTestServer, type DatabaseKind } from '../support/test-server';
import { startSmtp } from '../support/smtp-sink';
import { startSheet } from '../support/sheet-endpoint';
import { at, first } from '../support/present';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(kind: DatabaseKind, config: { smtpUrl?: string; env?: Record<string, string>; outboxIntervalMs?: number } = {}) {
  const started = await startTestServer({
    kind,
    site: false,
    config: { captcha: 'off', env: {}, outboxIntervalMs: 0, ...config } as never,
  });
  cleanups.push(started.close);
  return started;
}

async function smtp(port?: number) {
  const started = await startSmtp(port);
  cleanups.push(started.close);
  return started;
}

type App = Awaited<ReturnType<typeof server>>['app'];

async function submit(app: App, form: string, page: string, data: Record<string, string>) {
  const response = await app.inject({ method: 'POST', url: `/api/forms/${form}`, payload: { page, data, captcha: 'x' } });
  expect(response.statusCode, response.body).toBe(201);
}

const consultation = (app: App, name: string, lookingFor = 'Candidate') =>
  submit(app, 'consultation', '/it-recruitment', { name, email: 'asha@example.com', contact: '9876543210', lookingFor });

type Row = { kind: string; attempts: number; last_error: string | null; sent_at: Date | null; locked_until: Date | null };
const outboxRows = (db: Awaited<ReturnType<typeof server>>['db']) =>
  db.query<Row>('select kind, attempts, last_error, sent_at, locked_until from outbox order by id');

describe.each(databaseKinds)('outbox worker on %s', (kind) => {
  it('mails a consultation to the mailbox lookingFor chooses, with the fields listed and escaped', async () => {
    const mailServer = await smtp();
    const { app } = await server(kind, { smtpUrl: mailServer.url });
    await consultation(app, 'Asha <script>alert(1)</script>');
    await consultation(app, 'Ravi Kumar', 'Job');

    expect(await app.outbox.runOnce()).toEqual({ sent: 2, failed: 0 });

    const mails = [...mailServer.mails].sort((a, b) => first(a.to, 'a recipient').localeCompare(first(b.to, 'a recipient')));
    const client = at(mails, 0, 'the mail to the business mailbox');
    const candidate = at(mails, 1, 'the mail to the careers mailbox');
    expect(client.to).toEqual(['business@hireframe.in']);
    expect(client.subject).toBe('Consultation Request from Asha <script>alert(1)</script>');
    expect(client.replyTo).toContain('asha@example.com');
    expect(client.html).toContain('Asha &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(client.html).not.toContain('<script>');
    for (const shown of ['Full Name', 'Email', 'asha@example.com', 'Contact Number', '+91 98765 43210', 'Looking For Candidate']) {
      expect(client.html).toContain(shown);
    }
    expect(candidate.to).toEqual(['careers@hireframe.in']);
    expect(candidate.subject).toBe('Consultation Request from Ravi Kumar');
    expect(candidate.html).toContain('Looking For Job');
  });

  it('keeps mail while SMTP is down and sends each exactly once when it is back', async () => {
    const { port } = await startSmtp().then(async (s) => (await s.close(), s));
    const { app, db } = await server(kind, { smtpUrl: `smtp://127.0.0.1:${port}` });
    for (const name of ['One', 'Two', 'Three']) await consultation(app, `Visitor ${name}`);

    expect(await app.outbox.runOnce()).toEqual({ sent: 0, failed: 3 });
    const mailRows = async () => (await outboxRows(db)).filter((row) => row.kind === 'email');
    for (const row of await mailRows()) {
      expect(row).toMatchObject({ attempts: 1, sent_at: null, locked_until: null });
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    }
    // Backed off: nothing is due yet.
    expect(await app.outbox.runOnce()).toEqual({ sent: 0, failed: 0 });

    await db.query('update outbox set next_attempt_at = now()');
    const mailServer = await smtp(port);
    expect(await app.outbox.runOnce()).toEqual({ sent: 3, failed: 0 });
    expect(await app.outbox.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(mailServer.mails.map((m) => m.subject).sort()).toEqual(
      ['One', 'Three', 'Two'].map((n) => `Consultation Request from Visitor ${n}`),
    );
    for (const row of await mailRows()) expect(row).toMatchObject({ attempts: 1, last_error: null, sent_at: expect.any(Date) });
  });

  it('leaves mail queued and untouched without SMTP_URL', async () => {
    const { app, db } = await server(kind);
    await consultation(app, 'Asha');
    expect(await app.outbox.runOnce()).toEqual({ sent: 0, failed: 0 });
    // The consultation's Firestore copy waits the same way while FIRESTORE_PROJECT_ID is not set.
    expect(await outboxRows(db)).toEqual([
      { kind: 'email', attempts: 0, last_error: null, sent_at: null, locked_until: null },
      { kind: 'firestore', attempts: 0, last_error: null, sent_at: null, locked_until: null },
    ]);
  });

  it('sends the Surat lead notification and the acknowledgement to the submitter', async () => {
    const mailServer = await smtp();
    const { app } = await server(kind, { smtpUrl: mailServer.url });
    await submit(app, 'city-lead', '/franchise/surat', {
      name: 'Meera Patel',
      phone: '9876543210',
      email: 'meera@example.com',
      description: 'Looking for a job in textiles',
      type: 'student',
    });

    expect(await app.outbox.runOnce()).toEqual({ sent: 2, failed: 0 });
    const notification = mailServer.mails.find((m) => m.to.includes('careers@hireframe.in'))!;
    expect(notification.subject).toContain('Surat');
    expect(notification.html).toContain('Looking for a job in textiles');
    const ack = mailServer.mails.find((m) => m.to.includes('meera@example.com'))!;
    expect(ack.subject).toBe('Thank you for contacting Hireframe');
    expect(ack.html).toContain('Hi Meera Patel');
  });

  it('posts the Visakhapatnam record and retries until the sheet answers created: 1', async () => {
    const sheet = await startSheet();
    cleanups.push(sheet.close);
    const { app, db } = await server(kind, { env: { SHEET_VISAKHAPATNAM_URL: sheet.url } });
    await submit(app, 'visakhapatnam-registration', '/franchise/visakhapatnam', {
      name: 'Kiran Rao',
      email: 'kiran@example.com',
      phone: '9876543210',
      role: 'student',
    });

    sheet.answer(200, '{"created":0}');
    expect(await app.outbox.runOnce()).toEqual({ sent: 0, failed: 1 });
    await db.query('update outbox set next_attempt_at = now()');
    sheet.answer(500, '{"created":1}');
    expect(await app.outbox.runOnce()).toEqual({ sent: 0, failed: 1 });
    const failing = at(await outboxRows(db), 1, 'the sheet row of the outbox');
    expect(failing).toMatchObject({ kind: 'sheet', attempts: 2, sent_at: null });
    expect(failing.last_error).toContain('SHEET_VISAKHAPATNAM_URL answered HTTP 500');

    await db.query('update outbox set next_attempt_at = now()');
    sheet.answer(200, '{"created":1}');
    expect(await app.outbox.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await app.outbox.runOnce()).toEqual({ sent: 0, failed: 0 });

    expect(sheet.received).toHaveLength(3);
    const { contentType, body } = at(sheet.received, 2, 'the third request to the sheet');
    expect(contentType).toBe('application/json');
    expect(body).toEqual([
      {
        Timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        Name: 'Kiran Rao',
        Email: 'kiran@example.com',
        Phone: '+919876543210',
        Role: 'student',
        Experience: '',
        Skills: '',
        Industry: '',
        City: 'Visakhapatnam',
        Resume: 'No',
      },
    ]);
    // The notification mail still waits for SMTP.
    expect((await outboxRows(db)).map((r) => [r.kind, r.sent_at === null])).toEqual([
      ['email', true],
      ['sheet', false],
    ]);
  });

  it('posts the Chennai record as {data: [record]} and accepts any ok answer', async () => {
    const sheet = await startSheet();
    cleanups.push(sheet.close);
    const { app } = await server(kind, { env: { SHEET_CHENNAI_URL: sheet.url } });
    await submit(app, 'chennai-registration', '/franchise/chennai', {
      name: 'Lakshmi S',
      email: 'lakshmi@example.com',
      phone: '9876543210',
      type: 'student',
      industry: 'IT/Software',
    });
    sheet.answer(200, 'done');

    expect(await app.outbox.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(sheet.received.map((r) => r.body)).toEqual([
      {
        data: [
          {
            Name: 'Lakshmi S',
            Email: 'lakshmi@example.com',
            Phone: '+919876543210',
            Type: 'student',
            Industry: 'IT/Software',
            Timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          },
        ],
      },
    ]);
  });

  it('keeps a sheet row waiting quietly while its endpoint is not configured, and sends it once it is', async () => {
    const { app, db } = await server(kind);
    await submit(app, 'chennai-registration', '/franchise/chennai', {
      name: 'Lakshmi S',
      email: 'lakshmi@example.com',
      phone: '9876543210',
      type: 'student',
      industry: 'IT/Software',
    });
    // Not an attempt: no failure logged, no backoff, so it goes as soon as the address is there.
    expect(await app.outbox.runOnce()).toEqual({ sent: 0, failed: 0 });
    const sheetRow = (await outboxRows(db)).find((r) => r.kind === 'sheet')!;
    expect(sheetRow).toMatchObject({ attempts: 0, sent_at: null, last_error: null });

    const sheet = await startSheet();
    cleanups.push(sheet.close);
    app.config.env.SHEET_CHENNAI_URL = sheet.url;
    expect(await app.outbox.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(sheet.received).toHaveLength(1);
  });

  it('never sends a row twice when workers run at once', async () => {
    const mailServer = await smtp();
    const { app, db } = await server(kind, { smtpUrl: mailServer.url });
    await consultation(app, 'Visitor 0');
    // More rows than one batch, written as submit-form writes them (the rate limit allows ten submissions a minute).
    const names = Array.from({ length: 40 }, (_, i) => `Visitor ${i}`);
    const { payload } = first(
      await db.query<{ payload: { subject: string } }>('select payload from outbox'),
      'the outbox row of Visitor 0',
    );
    for (const name of names.slice(1)) {
      await db.query("insert into outbox (kind, payload) values ('email', $1::jsonb)", [
        JSON.stringify({ ...payload, subject: `Consultation Request from ${name}` }),
      ]);
    }
    const log = { info() {}, warn() {}, error() {} };
    const workers = [app.outbox, ...[1, 2, 3].map(() => createOutboxWorker({ db, config: app.config, log }))];

    const results = await Promise.all(workers.map((w) => w.runOnce()));

    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(40);
    expect(results.every((r) => r.failed === 0)).toBe(true);
    expect(mailServer.mails.map((m) => m.subject).sort()).toEqual(names.map((n) => `Consultation Request from ${n}`).sort());
    expect(await at(workers, 1, 'a second worker').runOnce()).toEqual({ sent: 0, failed: 0 });
    await Promise.all(workers.slice(1).map((w) => w.stop()));
  });

  it('leaves a row another worker has leased alone', async () => {
    const mailServer = await smtp();
    const { app, db } = await server(kind, { smtpUrl: mailServer.url });
    await consultation(app, 'Asha');
    await db.query("update outbox set locked_until = now() + interval '1 minute'");
    expect(await app.outbox.runOnce()).toEqual({ sent: 0, failed: 0 });
    // A lease that ran out (its worker died) is taken over.
    await db.query("update outbox set locked_until = now() - interval '1 second'");
    expect(await app.outbox.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(mailServer.mails).toHaveLength(1);
  });

  it('delivers on its own timer and finishes the batch before the server closes', async () => {
    const mailServer = await smtp();
    const { app } = await server(kind, { smtpUrl: mailServer.url, outboxIntervalMs: 50 });
    await app.ready();
    await consultation(app, 'Asha');
    await expect.poll(() => mailServer.mails.length, { timeout: 10_000 }).toBe(1);
  });
});
