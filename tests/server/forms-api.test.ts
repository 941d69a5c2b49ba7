import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { first } from '../support/present';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe.each(databaseKinds)('form API on %s', (kind) => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });
  });
  afterAll(() => server.close());

  const post = (formId: string, page: string, data: Record<string, unknown>, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url: `/api/forms/${formId}`, payload: { page, data, captcha: 'x' }, headers });
  const rows = (sql: string, params: unknown[] = []) => server.db.query<Record<string, any>>(sql, params);
  const count = async () => Number(first(await rows('select count(*)::int as n from submissions'), 'a count row').n);

  it('stores a consultation request with its consent and answers 201 with its id', async () => {
    const response = await post('consultation', '/it-recruitment', {
      name: 'Asha Rao',
      email: 'asha@example.com',
      contact: '9876543210',
      lookingFor: 'Candidate',
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const row = first(await rows('select * from submissions where id = $1', [id]), 'the stored submission');
    expect(row).toMatchObject({ form_id: 'consultation', collection: 'ConsultationRequests', page: '/it-recruitment', status: 'new' });
    expect(row.data).toEqual({ name: 'Asha Rao', email: 'asha@example.com', contact: '+919876543210', lookingFor: 'Candidate' });
    expect(row.consent.text).toContain('Privacy Policy');
    expect(Date.parse(row.consent.givenAt)).toBeGreaterThan(Date.now() - 60_000);
    const outbox = await rows('select kind, payload from outbox where submission_id = $1 order by id', [id]);
    // The notification, and the copy for the earlier site's Firestore collection (it waits: Firestore is not set here).
    expect(outbox).toEqual([
      expect.objectContaining({ kind: 'email' }),
      expect.objectContaining({ kind: 'firestore', payload: expect.objectContaining({ collection: 'ConsultationRequests', docId: id }) }),
    ]);
    expect(first(outbox, 'an outbox row').payload.subject).toBe('Consultation Request from Asha Rao');
  });

  it('refuses invalid data with the messages the browser shows, storing nothing', async () => {
    const before = await count();
    const response = await post('contact', '/about', { name: '   ', email: 'asha@', phone: '12345', subject: '', message: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'email', message: 'Enter a valid email address' },
      { field: 'phone', message: 'Enter a valid 10 digit phone number' },
      { field: 'subject', message: 'Subject is required' },
      { field: 'message', message: 'Message is required' },
    ]);
    expect(await count()).toBe(before);
  });

  it('takes a phone number however it is written, on every form, and stores it in E.164', async () => {
    const phoneOf = async (response: Awaited<ReturnType<typeof post>>, field = 'phone') => {
      expect(response.statusCode, response.body).toBe(201);
      const row = first(await rows('select data from submissions where id = $1', [response.json().id]), 'the submission');
      return row.data[field];
    };
    const message = { name: 'Asha', email: 'asha@example.com', subject: 'Jobs', message: 'Hello' };
    for (const phone of ['9879011223', '98790 11223', '098790-11223', '+91 98790 11223', '+91-98790-11223', '0091 98790 11223'])
      expect(await phoneOf(await post('contact', '/about', { ...message, phone })), phone).toBe('+919879011223');
    const posting = {
      companyName: 'Acme Tools',
      contactName: 'Jaya Menon',
      email: 'jaya@acme.example',
      jobTitle: 'Java Developer',
      location: 'Pune',
      employmentType: 'FULL_TIME',
      openings: 2,
      description: 'Spring Boot services',
    };
    expect(await phoneOf(await post('job-posting', '/free-job-posting', { ...posting, phone: '+91 98250 12345' }))).toBe('+919825012345');
    const lead = { name: 'Ravi', email: 'ravi@example.com', description: 'Accounts jobs', type: 'student' };
    expect(await phoneOf(await post('city-lead', '/franchise/surat', { ...lead, phone: '+91 98250 12345' }))).toBe('+919825012345');
    // A number from abroad is taken with its country code.
    const consultation = { name: 'Meera', email: 'meera@example.com', lookingFor: 'Job' };
    expect(await phoneOf(await post('consultation', '/it-recruitment', { ...consultation, contact: '+44 7911 123456' }), 'contact')).toBe(
      '+447911123456',
    );
  });

  it('refuses what is not a phone number, with each form’s own message', async () => {
    const before = await count();
    const message = { name: 'Asha', email: 'asha@example.com', subject: 'Jobs', message: 'Hello' };
    // Not ten digits after +91, 0091 or 0, letters, and numbers no country has.
    for (const phone of [
      '12345',
      '98790 1122',
      '98790 112233',
      '+91 98790 1122',
      '98790 1122e',
      '+1 987 654 3210',
      '+44 9876543210',
      '009876543210',
    ]) {
      const response = await post('contact', '/about', { ...message, phone });
      expect(response.statusCode, phone).toBe(400);
      expect(response.json().errors, phone).toEqual([{ field: 'phone', message: 'Enter a valid 10 digit phone number' }]);
    }
    const consultation = await post('consultation', '/it-recruitment', {
      name: 'M',
      email: 'm@example.com',
      contact: '12345',
      lookingFor: 'Job',
    });
    expect(consultation.json().errors).toEqual([{ field: 'contact', message: 'Enter a valid phone number' }]);
    expect(await count()).toBe(before);
  });

  it('applies the city page fixed city, whatever the client sends', async () => {
    const response = await post('city-lead', '/franchise/surat', {
      name: 'Ravi',
      phone: '9876543210',
      email: 'ravi@example.com',
      description: 'Looking for accounts jobs',
      type: 'student',
      city: 'Mumbai',
    });
    expect(response.statusCode).toBe(201);
    const row = first(await rows('select city, data from submissions where id = $1', [response.json().id]), 'the stored submission');
    expect(row.city).toBe('Surat');
    expect(row.data.city).toBe('Surat');
  });

  it('records a consultation on /franchise as Franchise', async () => {
    const response = await post('consultation', '/franchise', {
      name: 'Meera',
      email: 'meera@example.com',
      contact: '9876543210',
      lookingFor: 'Job',
    });
    expect(response.statusCode).toBe(201);
    const row = first(await rows('select data from submissions where id = $1', [response.json().id]), 'the stored submission');
    expect(row.data.lookingFor).toBe('Franchise');
  });

  it('requires looking-for on the service pages', async () => {
    const response = await post('consultation', '/it-recruitment', { name: 'Meera', email: 'meera@example.com', contact: '9876543210' });
    expect(response.json().errors).toEqual([{ field: 'lookingFor', message: 'Please choose what you are looking for' }]);
  });

  it('drops fields the schema does not know', async () => {
    const response = await post('consultation', '/it-recruitment', {
      name: 'Meera',
      email: 'meera@example.com',
      contact: '9876543210',
      lookingFor: 'Job',
      isAdmin: true,
    });
    const row = first(await rows('select data from submissions where id = $1', [response.json().id]), 'the stored submission');
    expect(row.data).not.toHaveProperty('isAdmin');
  });

  it('refuses a form on a page that does not show it', async () => {
    const response = await post('city-lead', '/it-recruitment', {
      name: 'Ravi',
      phone: '9876543210',
      email: 'ravi@example.com',
      description: 'x',
      type: 'student',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe('This form is not available on that page.');
  });

  it('answers 404 for an unknown form and 400 for a malformed request', async () => {
    expect((await post('no-such-form', '/', {})).statusCode).toBe(404);
    const malformed = await server.app.inject({ method: 'POST', url: '/api/forms/contact', payload: { data: 'x' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.length).toBeGreaterThan(0);
  });

  it('registers for an upcoming event on its page only', async () => {
    // Surat's Saturday walk-in repeats, so it is upcoming whatever the date the test runs on.
    const person = { name: 'Kiran', email: 'kiran@example.com', phone: '9876543210' };
    const walkIn = await post('event-registration', '/franchise/surat', { ...person, event: 'Saturday Walk-in Drive' });
    expect(walkIn.statusCode).toBe(201);
    const madeUp = await post('event-registration', '/franchise/surat', { ...person, event: 'A made-up event' });
    expect(madeUp.json().errors).toEqual([{ field: 'event', message: 'Registration for this event is closed.' }]);
    // /events lists the walk-in too, and a Hyderabad campus drive of 7 March 2026 that has taken place.
    const past = await post('event-registration', '/events', { ...person, event: 'Pool Campus Drive for the 2026 Batch, Hyderabad' });
    expect(past.json().errors).toEqual([{ field: 'event', message: 'Registration for this event is closed.' }]);
  });

  it('subscribes to the newsletter with the page city', async () => {
    const response = await post('newsletter', '/franchise/visakhapatnam', { email: 'news@example.com' });
    expect(response.statusCode).toBe(201);
    const [row] = await rows('select collection, city from submissions where id = $1', [response.json().id]);
    expect(row).toEqual({ collection: 'NewsletterSubscriptions', city: 'Visakhapatnam' });
  });
});

describe('form API limits', () => {
  it('does not let a client dodge the limit with X-Forwarded-For unless told to trust a proxy', async () => {
    const server = await startTestServer({
      site: false,
      config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1, trustProxy: false },
    });
    try {
      const send = (ip: string) =>
        server.app.inject({
          method: 'POST',
          url: '/api/forms/newsletter',
          payload: { page: '/franchise/visakhapatnam', data: { email: 'a@example.com' } },
          headers: { 'x-forwarded-for': ip },
        });
      // Windows are minutes of the clock and at most one boundary falls within three requests: with the address
      // taken from the header, each would have a window of its own and none would be refused.
      const answers = [];
      for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) answers.push((await send(ip)).statusCode);
      expect(answers[0]).toBe(201);
      expect(answers).toContain(429);
    } finally {
      await server.close();
    }
  });

  it('answers 429 with Retry-After when a client sends too fast', async () => {
    const server = await startTestServer({ site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 2 } });
    try {
      const send = () =>
        server.app.inject({
          method: 'POST',
          url: '/api/forms/newsletter',
          payload: { page: '/franchise/visakhapatnam', data: { email: 'a@example.com' } },
        });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      // A minute of the clock may end between two requests; then the next window fills in two more.
      let limited = await send();
      for (let i = 0; i < 2 && limited.statusCode !== 429; i++) limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toMatch(/^Too many submissions\. Please try again in \d+ seconds\.$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});
