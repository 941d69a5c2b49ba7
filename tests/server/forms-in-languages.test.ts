import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { first } from '../support/present';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe.each(databaseKinds)('a form sent from a page in another language, on %s', (kind) => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });
  });
  afterAll(() => server.close());

  const post = (page: string, data: Record<string, unknown>) =>
    server.app.inject({ method: 'POST', url: '/api/forms/city-lead', payload: { page, data, captcha: 'x' } });
  const rows = (sql: string, params: unknown[] = []) => server.db.query<Record<string, any>>(sql, params);
  const lead = { name: 'Hetal Patel', phone: '9825012345', email: 'hetal@example.com', description: 'એકાઉન્ટ્સની જોબ', type: 'student' };

  it("refuses what is wrong in the page's language, and in English on the English page", async () => {
    const gujarati = await post('/gu/franchise/surat', { ...lead, name: '', email: 'x' });
    expect(gujarati.statusCode).toBe(400);
    expect(gujarati.json().errors).toEqual([
      { field: 'name', message: 'નામ લખવું જરૂરી છે' },
      { field: 'email', message: 'સાચું ઇમેઇલ એડ્રેસ લખો' },
    ]);
    const english = await post('/franchise/surat', { ...lead, name: '', email: 'x' });
    expect(english.json().errors).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'email', message: 'Enter a valid email address' },
    ]);
  });

  it('keeps the language, and the notice the visitor agreed to in it, and answers them in it', async () => {
    const response = await post('/gu/franchise/surat', lead);
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json();
    const row = first(await rows('select locale, consent, city, data from submissions where id = $1', [id]), 'the lead');
    expect(row.locale).toBe('gu');
    expect(row.city).toBe('Surat');
    expect(row.consent).toMatchObject({ lang: 'gu', page: '/gu/franchise/surat', version: expect.stringMatching(/^[0-9a-f]{12}$/) });
    expect(row.consent.text).toMatch(/Hireframe/);
    expect(row.consent.text).toMatch(/[\u0A80-\u0AFF]/);

    const mail = await rows('select kind, payload from outbox where submission_id = $1 order by id', [id]);
    const ack = first(
      mail.filter((m) => m.kind === 'ack'),
      'the mail to the visitor',
    ).payload;
    expect(ack.subject).toMatch(/[\u0A80-\u0AFF]/);
    expect(ack.text).toContain('Hetal Patel');
    expect(ack.text).toMatch(/તમારો રેફરન્સ નંબર: HF-\d{4}-\d+/);
    expect(ack.text).toContain('મારી સંમતિ પાછી ખેંચો');
    // Staff read the lead in English.
    const staff = first(
      mail.filter((m) => m.kind === 'email'),
      'the mail to staff',
    ).payload;
    expect(staff.subject).toBe('New Student / Job Seeker lead from Surat: Hetal Patel');

    // The same form from the English page is English, its notice too.
    const english = await post('/franchise/surat', { ...lead, email: 'hetal.p@example.com' });
    const englishRow = first(await rows('select locale, consent from submissions where id = $1', [english.json().id]), 'the lead');
    expect(englishRow.locale).toBe('en');
    expect(englishRow.consent).toMatchObject({ lang: 'en', text: expect.stringMatching(/^I agree that Hireframe may store/) });
    expect(englishRow.consent.version).not.toBe(row.consent.version);
  });

  it('registers for an event from the Gujarati page under its English name, and tells the visitor its Gujarati one', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/forms/event-registration',
      payload: {
        page: '/gu/franchise/surat',
        data: { name: 'Kiran Desai', email: 'kiran.desai@example.com', phone: '9825012399', event: 'શનિવારની વૉક-ઇન ડ્રાઇવ' },
        captcha: 'x',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json();
    const row = first(await rows('select data, locale from submissions where id = $1', [id]), 'the registration');
    expect(row).toMatchObject({ locale: 'gu', data: { event: 'Saturday Walk-in Drive' } });
    const mail = await rows('select kind, payload from outbox where submission_id = $1 order by id', [id]);
    const ack = first(
      mail.filter((m) => m.kind === 'ack'),
      'the mail to the visitor',
    ).payload;
    expect(ack.subject).toBe('તમારું રજિસ્ટ્રેશન થઈ ગયું: શનિવારની વૉક-ઇન ડ્રાઇવ');
    for (const staff of mail.filter((m) => m.kind === 'email')) expect(staff.payload.subject).toContain('Saturday Walk-in Drive');
  });

  it('takes nothing from a language the page is not published in', async () => {
    const response = await post('/ta/franchise/surat', lead);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe('This form is not available on that page.');
  });
});
