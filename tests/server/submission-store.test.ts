import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { createSubmissionStore, type NewSubmission } from '../../src/server/forms/store';
import type { OutboxRow } from '../../src/server/forms/outbox-messages';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const mail = (to: string): OutboxRow => ({ kind: 'email', payload: { to, subject: 'New lead', text: 'A lead' } as never });

function lead(name: string, overrides: Partial<NewSubmission> = {}): NewSubmission {
  return {
    id: randomUUID(),
    formId: 'consultation',
    collection: 'LeadForms',
    page: '/it-recruitment',
    city: null,
    data: { name, email: `${name.toLowerCase()}@example.com` },
    consent: JSON.stringify({ text: 'I agree', givenAt: new Date().toISOString(), page: '/it-recruitment' }),
    clientIp: '198.51.100.7',
    createdAt: new Date(),
    captcha: null,
    uploads: [],
    outbox: [mail('admin@example.com')],
    consentTokens: [],
    ...overrides,
  };
}

describe.each(databaseKinds)('submissions stored together on %s', (kind) => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0 } });
  });
  afterAll(() => server.close());

  const storedNames = async (ids: string[]) =>
    (
      await server.app.db.query<{ name: string }>(`select data->>'name' as name from submissions where id = any($1::uuid[]) order by 1`, [
        ids,
      ])
    ).map((row) => row.name);

  it('stores many submissions sent at once, each with its own outbox rows, consent and time', async () => {
    const store = createSubmissionStore(server.app.db);
    const leads = Array.from({ length: 40 }, (_, i) => lead(`Visitor${i}`, { createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) }));
    const outcomes = await Promise.all(leads.map((s) => store(s)));
    expect(outcomes.every((o) => o.kind === 'stored')).toBe(true);
    const rows = await server.app.db.query<{ id: string; created_at: Date; outbox: number; consent: { text: string } }>(
      `select s.id, s.created_at, s.consent, (select count(*)::int from outbox o where o.submission_id = s.id) as outbox
         from submissions s where s.id = any($1::uuid[])`,
      [leads.map((s) => s.id)],
    );
    expect(rows).toHaveLength(40);
    for (const row of rows) {
      const sent = leads.find((s) => s.id === row.id)!;
      expect(row.outbox).toBe(1);
      expect(new Date(row.created_at).getTime()).toBe(sent.createdAt.getTime());
      expect(row.consent.text).toBe('I agree');
    }
  });

  it('spends a captcha once when two submissions sent together carry it', async () => {
    const store = createSubmissionStore(server.app.db);
    const captcha = { spendKey: `solution-${randomUUID()}`, expiresAt: new Date(Date.now() + 60_000) };
    const first = lead('Asha', { captcha });
    const second = lead('Ravi', { captcha });
    const [a, b] = await Promise.all([store(first), store(second)]);
    expect([a.kind, b.kind]).toEqual(['stored', 'captcha-spent']);
    expect(await storedNames([first.id, second.id])).toEqual(['Asha']);
  });

  it('gives an upload to one of two submissions sent together that name it, and tells the other to send it again', async () => {
    const [upload] = await server.app.db.query<{ id: string }>(
      `insert into uploads (kind, original_name, media_type, size_bytes, stored_name)
       values ('resume', 'cv.pdf', 'application/pdf', 1234, $1) returning id::text`,
      [`stored-${randomUUID()}`],
    );
    const store = createSubmissionStore(server.app.db);
    const uploads = [{ field: 'resume', id: upload!.id, kind: 'resume' }];
    const first = lead('Meera', { uploads });
    const second = lead('Kiran', { uploads });
    const [a, b] = await Promise.all([store(first), store(second)]);
    expect(a).toEqual({ kind: 'stored' });
    expect(b).toEqual({ kind: 'missing-upload', field: 'resume' });
    const [claimed] = await server.app.db.query<{ submission_id: string }>('select submission_id::text from uploads where id = $1', [
      upload!.id,
    ]);
    expect(claimed!.submission_id).toBe(first.id);
  });

  it('stores the others of a batch when one of them is refused by the database', async () => {
    const store = createSubmissionStore(server.app.db);
    const good = [lead('Priya'), lead('Arjun')];
    // An outbox row of a kind the table refuses: this submission alone fails.
    const refused = lead('Broken', { outbox: [{ kind: 'pigeon', payload: {} } as never] });
    const outcomes = await Promise.allSettled([store(good[0]!), store(refused), store(good[1]!)]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await storedNames([...good, refused].map((s) => s.id))).toEqual(['Arjun', 'Priya']);
  });
});
