import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { startSmtp } from '../support/smtp-sink';
import { startSheet } from '../support/sheet-endpoint';

// Every mail and forward the spec lists, through the outbox to a real SMTP server and a spreadsheet endpoint.
describe.each(databaseKinds)('the spec mail and forwards on %s', (kind) => {
  let mailServer: Awaited<ReturnType<typeof startSmtp>>;
  let sheet: Awaited<ReturnType<typeof startSheet>>;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const logLines: string[] = [];

  beforeAll(async () => {
    mailServer = await startSmtp();
    sheet = await startSheet();
    const stream = new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) });
    server = await startTestServer({
      kind,
      site: false,
      logger: { level: 'info', stream },
      config: {
        captcha: 'off',
        outboxIntervalMs: 0,
        formsPerMinute: 1000,
        smtpUrl: mailServer.url,
        env: { SHEET_CONSULTATION_DISTRICT_URL: sheet.url },
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await sheet.close();
    await mailServer.close();
  });

  async function submit(form: string, page: string, data: Record<string, string>) {
    mailServer.mails.length = 0;
    const response = await server.app.inject({ method: 'POST', url: `/api/forms/${form}`, payload: { page, data, captcha: 'x' } });
    expect(response.statusCode, response.body).toBe(201);
    await server.app.outbox.runOnce();
  }
  const person = { name: 'Asha Rao', email: 'asha@example.com' };

  it('forwards the district consultation to its spreadsheet and mails it with the HR mailbox copied', async () => {
    await submit('consultation-district', '/value-staffing-service', {
      ...person,
      contact: '9876543210',
      district: 'Pune',
      lookingFor: 'Job',
    });
    expect(sheet.received.map((r) => r.body)).toEqual([
      {
        data: [
          {
            name: 'Asha Rao',
            email: 'asha@example.com',
            contact: '+919876543210',
            district: 'Pune',
            lookingFor: 'Job',
            postDateTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          },
        ],
      },
    ]);
    const [mail] = mailServer.mails;
    expect(mail?.subject).toBe('Consultation Request from Asha Rao');
    expect(mail?.headers.to).toBe('careers@hireframe.in');
    expect(mail?.headers.cc).toBe('hr@hireframe.in');
    expect(mail?.to.sort()).toEqual(['careers@hireframe.in', 'hr@hireframe.in']);
  });

  it('notifies both the HR and the no-reply mailbox of a contact message', async () => {
    await submit('contact', '/about', { ...person, phone: '9876543210', subject: 'Office hours', message: 'When are you open?' });
    expect(mailServer.mails.map((m) => [m.subject, m.to.sort()])).toEqual([
      ['Contact form: Office hours', ['hr@hireframe.in', 'no-reply@hireframe.in']],
    ]);
  });

  it('notifies the marketing mailbox of a newsletter sign-up once its owner has confirmed the address', async () => {
    await submit('newsletter', '/franchise/visakhapatnam', { email: 'news@example.com' });
    // Only the request to confirm goes out at once: an address someone else typed reaches nobody else.
    expect(mailServer.mails.map((m) => m.to)).toEqual([['news@example.com']]);
    const confirm = /\/newsletter\/confirm\?token=[\w-]+/.exec(mailServer.mails[0]?.html ?? '')?.[0];
    expect(confirm).toBeDefined();
    const confirmed = await server.app.inject({
      method: 'POST',
      url: confirm ?? '',
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(confirmed.body).toContain('Your subscription is confirmed');
    await server.app.outbox.runOnce();
    const notification = mailServer.mails.find((m) => m.to.includes('marketing@hireframe.in'));
    expect(notification?.subject).toBe('Newsletter sign-up');
    expect(notification?.html).toContain('news@example.com');
  });

  it('sends franchise leads to the franchise mailbox, not careers', async () => {
    await submit('consultation', '/franchise', { ...person, contact: '9876543210' });
    expect(mailServer.mails.map((m) => m.to)).toEqual([['franchise@hireframe.in']]);

    await submit('franchise-apply', '/franchise', { ...person, phone: '9876543210', city: 'Pune' });
    const notification = mailServer.mails.find((m) => m.subject.startsWith('Franchise application'));
    expect(notification?.to).toEqual(['franchise@hireframe.in']);
  });

  it('names at start, in one line, the forwards whose endpoint is not set', () => {
    const lines = logLines.filter((line) => line.includes('forwards waiting in the outbox'));
    expect(lines).toHaveLength(1);
    for (const name of ['SHEET_CHENNAI_URL', 'SHEET_RAMPUR_URL', 'SHEET_VISAKHAPATNAM_URL']) expect(lines[0]).toContain(name);
    expect(lines[0]).not.toContain('SHEET_CONSULTATION_DISTRICT_URL');
  });
});
