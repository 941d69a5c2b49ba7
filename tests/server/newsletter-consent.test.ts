import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/test-server';
import { PUBLIC_URL, startMailedServer } from '../support/mailed-server';
import type { ReceivedMail } from '../support/smtp-sink';
import { first } from '../support/present';

// Newsletter double opt-in and the withdraw link of every acknowledgement, through the outbox to a real SMTP server.
describe.each(databaseKinds)('newsletter confirmation and consent withdrawal on %s', (kind) => {
  let mailed: Awaited<ReturnType<typeof startMailedServer>>;
  let mailServer: typeof mailed.mailServer;
  let server: typeof mailed.server;

  beforeAll(async () => {
    mailed = await startMailedServer(kind);
    ({ mailServer, server } = mailed);
  });
  afterAll(() => mailed.close());

  /** Submits, runs the outbox and answers the mail sent to the visitor and the stored submission's id. */
  async function submit(form: string, page: string, data: Record<string, string>): Promise<{ id: string; mail: ReceivedMail }> {
    mailServer.mails.length = 0;
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/forms/${form}`,
      // A forged Host must not become the address of the links.
      headers: { host: 'evil.example' },
      payload: { page, data, captcha: 'x' },
    });
    expect(response.statusCode, response.body).toBe(201);
    await server.app.outbox.runOnce();
    const mail = mailServer.mails.find((m) => m.to.includes(data.email ?? ''));
    return { id: response.json().id, mail: mail! };
  }
  const linkIn = (mail: ReceivedMail, path: string) =>
    first(mail.html.match(new RegExp(`${PUBLIC_URL}${path}\\?token=[\\w-]+`)) ?? [], `a ${path} link`).slice(PUBLIC_URL.length);
  const open = (method: 'GET' | 'POST', url: string, payload?: string) =>
    server.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    });
  const subscription = async (id: string) =>
    first(
      await server.db.query<{ confirmed_at: Date | null; consent_withdrawn_at: Date | null }>(
        'select confirmed_at, consent_withdrawn_at from submissions where id = $1',
        [id],
      ),
      'the subscription',
    );

  it('stores a sign-up as pending, mails a confirmation link, and activates it only when the visitor confirms', async () => {
    const { id, mail } = await submit('newsletter', '/franchise/visakhapatnam', { email: 'reader@example.com' });
    expect(mail.subject).toBe('Confirm your subscription to Hireframe');
    expect(mail.html).not.toContain('evil.example');
    const confirm = linkIn(mail, '/newsletter/confirm');
    expect(await subscription(id)).toEqual({ confirmed_at: null, consent_withdrawn_at: null });

    // Only hashes are stored, one per purpose.
    const tokens = await server.db.query<{ token_hash: string; purpose: string }>(
      'select token_hash, purpose from consent_tokens where submission_id = $1 order by purpose',
      [id],
    );
    expect(tokens.map((t) => t.purpose)).toEqual(['confirm', 'withdraw']);
    for (const t of tokens) {
      expect(t.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(mail.html).not.toContain(t.token_hash);
    }

    // Opening the link (as a mail scanner would) only asks; the button confirms.
    const asked = await open('GET', confirm);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Confirm your subscription');
    expect((await subscription(id)).confirmed_at).toBeNull();

    const confirmed = await open('POST', confirm, '');
    expect(confirmed.body).toContain('Your subscription is confirmed');
    expect((await subscription(id)).confirmed_at).toBeInstanceOf(Date);
    expect((await open('POST', confirm, '')).body).toContain('Your subscription is already confirmed');
  });

  it('drops the marketing notice of a sign-up whose owner unsubscribes instead of confirming', async () => {
    const { id, mail } = await submit('newsletter', '/franchise/visakhapatnam', { email: 'never@example.com' });
    const waiting = () =>
      server.db.query<{ n: number }>(
        "select count(*)::int as n from outbox where submission_id = $1 and sent_at is null and kind = 'email'",
        [id],
      );
    expect(first(await waiting(), 'a count').n).toBe(1);
    expect((await open('POST', linkIn(mail, '/unsubscribe'), 'List-Unsubscribe=One-Click')).statusCode).toBe(200);
    expect(first(await waiting(), 'a count').n).toBe(0);
    await server.app.outbox.runOnce();
    expect(mailServer.mails.filter((m) => m.to.includes('marketing@hireframe.in') && m.html.includes('never@example.com'))).toEqual([]);
  });

  it('unsubscribes in one click from the mail or from the mail client, recording the time once', async () => {
    const { id, mail } = await submit('newsletter', '/franchise/visakhapatnam', { email: 'leaving@example.com' });
    const unsubscribe = linkIn(mail, '/unsubscribe');
    expect(mail.headers['list-unsubscribe']).toBe(`<${PUBLIC_URL}${unsubscribe}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // A token does only what it was made for: the unsubscribe token confirms nothing.
    const wrongPurpose = await open('POST', unsubscribe.replace('/unsubscribe', '/newsletter/confirm'), '');
    expect(wrongPurpose.statusCode).toBe(404);
    expect((await subscription(id)).confirmed_at).toBeNull();

    const oneClick = await open('POST', unsubscribe, 'List-Unsubscribe=One-Click');
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('You are unsubscribed');
    const { consent_withdrawn_at: withdrawnAt } = await subscription(id);
    expect(withdrawnAt).toBeInstanceOf(Date);

    const again = await open('GET', unsubscribe);
    expect(again.body).toContain('You are unsubscribed');
    expect((await subscription(id)).consent_withdrawn_at).toEqual(withdrawnAt);
    // Confirming after unsubscribing does not subscribe again.
    expect((await open('POST', linkIn(mail, '/newsletter/confirm'), '')).body).toContain('This subscription was cancelled');
    expect((await subscription(id)).confirmed_at).toBeNull();
  });

  it('puts a withdraw link in every acknowledgement and records the withdrawal', async () => {
    const { id, mail } = await submit('city-lead', '/franchise/surat', {
      name: 'Meera Patel',
      phone: '9876543210',
      email: 'meera@example.com',
      description: 'Looking for a job in textiles',
      type: 'student',
    });
    expect(mail.subject).toBe('Thank you for contacting Hireframe');
    const withdraw = linkIn(mail, '/unsubscribe');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const page = await open('GET', withdraw);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Your consent is withdrawn');
    expect((await subscription(id)).consent_withdrawn_at).toBeInstanceOf(Date);
  });

  it('says so when a link is expired or made up', async () => {
    const { mail } = await submit('newsletter', '/franchise/visakhapatnam', { email: 'late@example.com' });
    await server.db.query("update consent_tokens set expires_at = now() - interval '1 second' where purpose = 'confirm'");
    const expired = await open('POST', linkIn(mail, '/newsletter/confirm'), '');
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain('This confirmation link does not work');

    const madeUp = await open('GET', '/unsubscribe?token=not-a-token');
    expect(madeUp.statusCode).toBe(404);
    expect(madeUp.body).toContain('This link does not work');
  });
});
