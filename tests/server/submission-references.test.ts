import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/test-server';
import { startMailedServer } from '../support/mailed-server';
import { loginAs } from '../support/sessions';

// Each submission gets a reference (HF-<year>-<number>) the visitor is shown and mailed, and staff can search for.
type Mailed = Awaited<ReturnType<typeof startMailedServer>>;

describe.each(databaseKinds)('submission references on %s', (kind) => {
  let mailed: Mailed;
  let adminToken: string;
  beforeAll(async () => {
    mailed = await startMailedServer(kind);
    adminToken = (await loginAs(mailed.server.app, mailed.server.db, 'ADMIN')).token;
  });
  afterAll(() => mailed.close());

  // The Surat franchise page's form, which acknowledges by mail.
  const submit = async (name: string, email: string) => {
    const response = await mailed.server.app.inject({
      method: 'POST',
      url: '/api/forms/city-lead',
      payload: {
        page: '/franchise/surat',
        data: { name, email, phone: '79111 23456', description: 'Accounts jobs', type: 'student' },
        captcha: 'x',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; reference: string };
  };
  const asAdmin = (url: string) => mailed.server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${adminToken}` } });

  it('answers each submission with its own reference, numbered in order, in India’s year', async () => {
    const first = await submit('Priya Sharma', 'priya@example.com');
    const second = await submit('Kiran Rao', 'kiran@example.com');
    const year = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', year: 'numeric' }).format(new Date());
    expect(first.reference).toMatch(new RegExp(`^HF-${year}-\\d{6}$`));
    const number = (ref: string) => Number(ref.split('-')[2]);
    expect(number(second.reference)).toBe(number(first.reference) + 1);
  });

  it('quotes the reference in the visitor’s acknowledgement and in the team’s notification', async () => {
    await mailed.server.app.outbox.runOnce();
    mailed.mailServer.mails.splice(0);
    const { reference } = await submit('Asha Patel', 'asha@example.com');
    await mailed.server.app.outbox.runOnce();
    const mails = mailed.mailServer.mails.splice(0);
    const acknowledgement = mails.find((mail) => mail.to.includes('asha@example.com'));
    const notification = mails.find((mail) => !mail.to.includes('asha@example.com'));
    expect(acknowledgement?.html).toContain(`Your reference: ${reference}`);
    expect(notification?.html).toContain(`Reference: ${reference}`);
    expect(mails.map((mail) => mail.html).join('\n')).not.toContain('{reference}');
  });

  it('finds a lead by its reference, typed in any case, and shows the reference on the lead', async () => {
    const { id, reference } = await submit('Meena Iyer', 'meena@example.com');
    const found = await asAdmin(`/api/leads?q=${encodeURIComponent(` ${reference.toLowerCase()} `)}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().items.map((lead: { id: string }) => lead.id)).toEqual([id]);
    expect((await asAdmin(`/api/leads/${id}`)).json()).toMatchObject({ id, reference });
    const none = await asAdmin(`/api/leads?q=HF-2001-999999`);
    expect(none.json().items).toEqual([]);
  });
});
