import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import form from '../../pages/forms/city-industry-registration.json';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { first } from '../support/present';
import { textIn } from '../../src/shared/localized-text';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const person = { name: 'Imran Khan', email: 'imran@example.com', phone: '9876512345', role: 'jobseeker' };
/** The industry field's own words, which the form gives for a choice it does not take (in English, as these pages are). */
const notOffered = textIn(form.schema.properties.industry.errorMessage, 'en');

describe.each(databaseKinds)('one registration form for the Rampur and Visakhapatnam pages, on %s', (kind) => {
  let server: Server;
  let adminToken: string;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });
    adminToken = (await loginAs(server.app, server.db, 'ADMIN')).token;
  });
  afterAll(() => server.close());

  const post = (formId: string, page: string, data: Record<string, unknown>) =>
    server.app.inject({ method: 'POST', url: `/api/forms/${formId}`, payload: { page, data, captcha: 'x' } });
  const stored = async (id: string) =>
    first(
      await server.db.query<{ form_id: string; city: string; data: Record<string, string> }>(
        'select form_id, city, data from submissions where id = $1',
        [id],
      ),
      'the stored registration',
    );
  const forward = async (id: string) =>
    first(
      await server.db.query<{ payload: { urlEnv: string; body: Record<string, string>[] } }>(
        `select payload from outbox where submission_id = $1 and kind = 'sheet'`,
        [id],
      ),
      'the sheet forward',
    ).payload;
  const asAdmin = (url: string) => server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${adminToken}` } });

  it("on Rampur's page refuses an industry only Visakhapatnam offers, and takes Rampur's own", async () => {
    const maritime = await post('rampur-registration', '/franchise/rampur', { ...person, industry: 'maritime' });
    expect(maritime.statusCode).toBe(400);
    expect(maritime.json().errors).toEqual([{ field: 'industry', message: notOffered }]);
    // One form, so its validator knows every city's industries: the page decides which it offers.
    expect((await post('visakhapatnam-registration', '/franchise/visakhapatnam', { ...person, industry: 'maritime' })).statusCode).toBe(
      201,
    );
    const onVizag = await post('visakhapatnam-registration', '/franchise/visakhapatnam', { ...person, industry: 'agriculture' });
    expect(onVizag.json().errors).toEqual([{ field: 'industry', message: notOffered }]);

    const agriculture = await post('rampur-registration', '/franchise/rampur', {
      ...person,
      industry: 'agriculture',
      city: 'Visakhapatnam',
    });
    expect(agriculture.statusCode).toBe(201);
    const { id } = agriculture.json();
    expect(await stored(id)).toMatchObject({
      form_id: 'rampur-registration',
      city: 'Rampur',
      data: { role: 'jobseeker', industry: 'agriculture', city: 'Rampur' },
    });
    // Rampur's own sheet, whatever city the visitor sent.
    const sheet = await forward(id);
    expect(sheet.urlEnv).toBe('SHEET_RAMPUR_URL');
    expect(sheet.body[0]).toMatchObject({ City: 'Rampur', Industry: 'agriculture' });
  });

  it('files each page’s records under the id they always had, and takes the shared form only from a page that names it', async () => {
    const vizag = await post('visakhapatnam-registration', '/franchise/visakhapatnam', { ...person, industry: 'it' });
    const { id } = vizag.json();
    expect(await stored(id)).toMatchObject({ form_id: 'visakhapatnam-registration', city: 'Visakhapatnam' });
    expect((await forward(id)).urlEnv).toBe('SHEET_VISAKHAPATNAM_URL');
    const direct = await post('city-industry-registration', '/franchise/rampur', { ...person, industry: 'it' });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().errors[0].message).toBe('This form is not available on that page.');
  });

  it('shows a lead stored before the forms were one with its title and labels', async () => {
    const [old] = await server.db.query<{ id: string }>(
      `insert into submissions (form_id, collection, page, city, data, created_at)
       values ('rampur-registration', 'Registrations', '/franchise/rampur', 'Rampur',
               '{"name": "Shabana Ali", "email": "shabana@example.com", "phone": "+919876500011", "role": "employer", "industry": "government", "city": "Rampur"}',
               timestamptz '2025-06-01')
       returning id`,
    );
    const lead = (await asAdmin(`/api/leads/${old?.id}`)).json();
    expect(lead.formTitle).toBe(form.aliases['rampur-registration']);
    expect(lead.fields).toContainEqual({ key: 'industry', label: 'Industry', value: 'Government' });
    expect(lead.fields).toContainEqual({ key: 'role', label: 'I am a', value: 'Employer' });
    const facets = (await asAdmin('/api/leads/facets')).json();
    expect(facets.forms).toEqual(
      expect.arrayContaining([
        { id: 'rampur-registration', title: 'Register with us in Rampur' },
        { id: 'visakhapatnam-registration', title: 'Register with us in Visakhapatnam' },
      ]),
    );
  });
});
