import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { createSubmissionStore, storeSubmissions, type NewSubmission } from '../../src/server/forms/store';
import type { OutboxRow } from '../../src/server/outbox/outbox-row';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const mail = (to: string): OutboxRow => ({ kind: 'email', payload: { to, subject: 'New lead', text: 'A lead' } as never });

function lead(name: string, overrides: Partial<NewSubmission> = {}): NewSubmission {
  return {
    id: randomUUID(),
    formId: 'consultation',
    collection: 'LeadForms',
    page: '/it-recruitment',
    city: null,
    route: { choices: [], nobodyRule: null },
    due: null,
    data: { name, email: `${name.toLowerCase()}@example.com` },
    person: { phone: null, email: `${name.toLowerCase()}@example.com` },
    repeatDays: 0,
    attribution: null,
    source: 'direct',
    consent: JSON.stringify({ text: 'I agree', givenAt: new Date().toISOString(), page: '/it-recruitment' }),
    locale: 'en',
    clientIp: '198.51.100.7',
    createdAt: new Date(),
    captcha: null,
    uploads: [],
    outbox: [mail('admin@example.com')],
    consentTokens: [],
    ...overrides,
  };
}

/** A stored submission's outcome: with the reference its visitor is shown. */
const stored = { kind: 'stored', reference: expect.stringMatching(/^HF-\d{4}-\d{6,}$/) };
describe.each(databaseKinds)('submissions stored together on %s', (kind) => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0 } });
  });
  afterAll(() => server.close());

  const newUpload = async () => {
    const [row] = await server.app.db.query<{ id: string }>(
      `insert into uploads (kind, original_name, media_type, size_bytes, stored_name)
       values ('resume', 'cv.pdf', 'application/pdf', 1234, $1) returning id::text`,
      [`stored-${randomUUID()}`],
    );
    return row!.id;
  };

  const storedNames = async (ids: string[]) =>
    (
      await server.app.db.query<{ name: string }>(`select data->>'name' as name from submissions where id = any($1::uuid[]) order by 1`, [
        ids,
      ])
    ).map((row) => row.name);

  it('stores many submissions sent at once, each with its own data, outbox rows, consent and time', async () => {
    const store = createSubmissionStore(server.app.db);
    const leads = Array.from({ length: 40 }, (_, i) =>
      lead(`Visitor${i}`, {
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
        city: i % 3 ? `City ${i}` : null,
        // Every other lead is from a form that shows no consent; some queue two messages.
        consent: i % 2 ? null : JSON.stringify({ text: `Consent ${i}`, givenAt: new Date().toISOString(), page: '/it-recruitment' }),
        outbox: i % 5 ? [mail(`owner${i}@example.com`)] : [mail(`owner${i}@example.com`), mail(`second${i}@example.com`)],
      }),
    );
    const outcomes = await Promise.all(leads.map((s) => store(s)));
    expect(outcomes.every((o) => o.kind === 'stored')).toBe(true);
    const rows = await server.app.db.query<{
      id: string;
      name: string;
      city: string | null;
      created_at: Date;
      consent: { text: string } | null;
      to: string[];
    }>(
      `select s.id::text, s.data->>'name' as name, s.city, s.created_at, s.consent,
              array(select o.payload->>'to' from outbox o where o.submission_id = s.id order by o.id) as to
         from submissions s where s.id = any($1::uuid[])`,
      [leads.map((s) => s.id)],
    );
    expect(rows).toHaveLength(40);
    for (const row of rows) {
      const sent = leads.find((s) => s.id === row.id)!;
      expect(row.name).toBe(sent.data.name);
      expect(row.city).toBe(sent.city);
      expect(new Date(row.created_at).getTime()).toBe(sent.createdAt.getTime());
      expect(row.consent?.text ?? null).toBe(sent.consent ? JSON.parse(sent.consent).text : null);
      expect(row.to).toEqual(sent.outbox.map((o) => ('to' in o.payload ? o.payload.to : null)));
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
    const upload = await newUpload();
    const store = createSubmissionStore(server.app.db);
    const uploads = [{ field: 'resume', id: upload, kind: 'resume' }];
    const first = lead('Meera', { uploads });
    const second = lead('Kiran', { uploads });
    const [a, b] = await Promise.all([store(first), store(second)]);
    expect(a).toEqual(stored);
    expect(b).toEqual({ kind: 'missing-upload', field: 'resume' });
    const [claimed] = await server.app.db.query<{ submission_id: string }>('select submission_id::text from uploads where id = $1', [
      upload,
    ]);
    expect(claimed!.submission_id).toBe(first.id);
  });

  it('settles claims in the order submissions arrived, as one request after another would', async () => {
    const [x, y] = await Promise.all([newUpload(), newUpload()]);
    const store = createSubmissionStore(server.app.db);
    const upload = (field: string, id: string) => ({ field, id, kind: 'resume' });
    // A names x and an upload that does not exist, so it claims nothing; B then takes x and y; C finds y taken.
    const a = lead('Anil', { uploads: [upload('resume', x), upload('photo', randomUUID())] });
    const b = lead('Bina', { uploads: [upload('resume', x), upload('cover', y)] });
    const c = lead('Chetan', { uploads: [upload('resume', y)] });
    const outcomes = await Promise.all([store(a), store(b), store(c)]);
    expect(outcomes).toEqual([{ kind: 'missing-upload', field: 'photo' }, stored, { kind: 'missing-upload', field: 'resume' }]);
    expect(await storedNames([a.id, b.id, c.id])).toEqual(['Bina']);
  });

  it('stores a submission once when a later statement of its batch fails', async () => {
    const store = createSubmissionStore(server.app.db);
    const captcha = { spendKey: `solution-${randomUUID()}`, expiresAt: new Date(Date.now() + 60_000) };
    // A names an upload that does not exist, so it leaves its captcha unspent; B carries the same captcha, so it
    // goes in a second statement, where its outbox row of an unknown kind is refused. C went in the first statement.
    const a = lead('Anand', { captcha, uploads: [{ field: 'resume', id: randomUUID(), kind: 'resume' }] });
    const b = lead('Broken', { captcha, outbox: [{ kind: 'pigeon', payload: {} } as never] });
    const c = lead('Deepa');
    const outcomes = await Promise.allSettled([store(a), store(b), store(c)]);
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: { kind: 'missing-upload', field: 'resume' } });
    expect(outcomes[1]?.status).toBe('rejected');
    expect(outcomes[2]).toEqual({ status: 'fulfilled', value: stored });
    expect(await storedNames([a.id, b.id, c.id])).toEqual(['Deepa']);
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

  it('links the people of one batch as one submission after another would', async () => {
    const personOf = async (ids: string[]) =>
      (
        await server.app.db.query<{ person_id: string | null }>(
          'select person_id from submissions s join unnest($1::uuid[]) with ordinality x (id, k) on x.id = s.id order by x.k',
          [ids],
        )
      ).map((row) => row.person_id);
    const known = lead('Known', { person: { phone: '+919800000001', email: null } });
    await storeSubmissions(server.app.db, [known]);
    const [before] = await personOf([known.id]);
    const who = (name: string, phone: string | null, email: string | null) => lead(name, { person: { phone, email } });
    const batch = [
      // Sent twice with one click too many: one new person.
      who('Asha', '+919800000002', 'asha@example.com'),
      who('Asha', '+919800000002', 'asha@example.com'),
      // The same address with another number a moment later: Asha, found by the address the first one gave her.
      who('Asha', '+919800000003', 'asha@example.com'),
      // A known number with a new address: the known person, who is now known by the address too.
      who('Known', '+919800000001', 'known@example.com'),
      who('Nobody', null, null),
      who('Ravi', null, 'ravi@example.com'),
    ];
    const outcomes = await storeSubmissions(server.app.db, batch);
    expect(outcomes.every((o) => o.kind === 'stored')).toBe(true);
    const [asha, again, other, knownAgain, nobody, ravi] = await personOf(batch.map((s) => s.id));
    expect(asha).toBeTruthy();
    expect([again, other]).toEqual([asha, asha]);
    expect(knownAgain).toBe(before);
    expect(nobody).toBeNull();
    expect(ravi).toBeTruthy();
    expect(new Set([asha, before, ravi]).size).toBe(3);
    const keys = await server.app.db.query<{ key: string; person_id: string }>(
      `select key, person_id from person_keys where key in ('tel:+919800000002', 'tel:+919800000003', 'mailto:asha@example.com', 'mailto:known@example.com', 'mailto:ravi@example.com') order by key`,
    );
    expect(keys).toEqual([
      { key: 'mailto:asha@example.com', person_id: asha },
      { key: 'mailto:known@example.com', person_id: before },
      { key: 'mailto:ravi@example.com', person_id: ravi },
      { key: 'tel:+919800000002', person_id: asha },
      { key: 'tel:+919800000003', person_id: asha },
    ]);
  });
});
