import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { seedLeads } from '../support/seed-leads';
import { orderedKeys } from '../../src/server/leads/lead-fields';
import type { FormDefinition } from '../../src/shared/generated/form-definition';
import { SEARCH_TOO_SHORT } from '../../src/shared/lead-search';
import { first } from '../support/present';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type User = Awaited<ReturnType<typeof loginAs>>;

// The export as it was before it streamed: every lead in memory, then one string. Kept word for word as the
// reference the streamed file must equal byte for byte.
interface OldLead {
  createdAt: string;
  formId: string;
  collection: string;
  page: string;
  city: string | null;
  status: string;
  assignedTo: { username: string } | null;
  data: Record<string, unknown>;
}

function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : value instanceof Date
        ? value.toISOString()
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function toCsv(rows: unknown[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

function leadsCsv(leads: OldLead[], formOf: (formId: string) => FormDefinition | undefined): string {
  const dataKeys = [...new Set(leads.flatMap((lead) => orderedKeys(formOf(lead.formId), lead.data)))];
  const header = ['created_at', 'form', 'collection', 'page', 'city', 'status', 'assigned to', ...dataKeys];
  const rows = leads.map((lead) => [
    lead.createdAt,
    lead.formId,
    lead.collection,
    lead.page,
    lead.city,
    lead.status,
    lead.assignedTo?.username,
    ...dataKeys.map((key) => lead.data[key]),
  ]);
  return toCsv([header, ...rows]);
}

const istMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00+05:30`));
const dayOf = (date: Date) => date.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });

describe.each(databaseKinds)('the streamed CSV export on %s', (kind) => {
  let server: Server;
  let admin: User, bde: User;
  const formOf = (formId: string) => server.app.formCatalog.forms.get(formId)?.definition;

  /** The old export of the leads a condition selects, oldest first, as the old code read them. */
  async function reference(condition: string, values: unknown[] = []) {
    const rows = await server.db.query<{
      created_at: Date;
      form_id: string;
      collection: string;
      page: string;
      city: string | null;
      status: string;
      username: string | null;
      data: Record<string, unknown>;
    }>(
      `select s.created_at, s.form_id, s.collection, s.page, s.city, s.status, u.username, s.data
         from submissions s left join users u on u.id = s.assigned_to where ${condition} order by s.created_at, s.id`,
      values,
    );
    const leads = rows.map((r) => ({
      createdAt: new Date(r.created_at).toISOString(),
      formId: r.form_id,
      collection: r.collection,
      page: r.page,
      city: r.city,
      status: r.status,
      assignedTo: r.username ? { username: r.username } : null,
      data: r.data,
    }));
    return { csv: leadsCsv(leads, formOf), count: leads.length };
  }
  const exported = async (query: string) => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/leads.csv${query}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response.rawPayload;
  };

  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0 } });
    admin = await loginAs(server.app, server.db, 'ADMIN');
    bde = await loginAs(server.app, server.db, 'BDE');
    await seedLeads(server.db, 3000, [bde.id]);
    // What a spreadsheet must not run or split, text in other scripts, a nested value, and a form no longer on the site.
    const odd = [
      [
        'contact',
        {
          name: '=HYPERLINK("http://evil.example")',
          email: '@me',
          phone: '+91 98765 43210',
          subject: 'Line\r\nbreak',
          message: 'Say "hi", please',
        },
      ],
      ['contact', { name: 'अनिता शर्मा', email: 'anita@example.com', phone: '-1', subject: 'தமிழ்', message: '\ttabbed' }],
      ['event-registration', { event: 'Pune Walk-in Drive', name: 'Nested', email: 'n@example.com', phone: '9', extra: { a: [1, 2] } }],
      ['retired-form', { zeta: 'z', alpha: 'a', 10: 'ten' }],
    ] as const;
    for (const [formId, data] of odd)
      await server.db.query(`insert into submissions (form_id, collection, page, data) values ($1, 'ContactForms', '/', $2)`, [
        formId,
        JSON.stringify(data),
      ]);
  });
  afterAll(() => server.close());

  it('writes the same bytes as the in-memory export did, for every lead', async () => {
    const { csv, count } = await reference('true');
    expect(count).toBe(3004);
    const file = await exported('');
    expect(file.equals(Buffer.from(csv, 'utf8'))).toBe(true);
    expect(file.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csv).toContain('utm_source');
  });

  it('exports only the leads of the filter the list shows, in the same bytes', async () => {
    const middle = first(
      await server.db.query<{ created_at: Date }>(`select created_at from submissions order by created_at offset 1500`),
      'a lead',
    );
    const someDay = dayOf(new Date(middle.created_at));
    const today = dayOf(new Date());
    const yesterday = dayOf(new Date(Date.now() - 86_400_000));
    const cases: [string, string, unknown[]][] = [
      ['?status=converted&city=Pune', `s.status = 'converted' and s.city = 'Pune'`, []],
      ['?form=city-lead', `s.form_id = 'city-lead'`, []],
      [`?assigned=${bde.id}&collection=Registrations`, `s.assigned_to = $1 and s.collection = 'Registrations'`, [bde.id]],
      ['?q=Sharma', `jsonb_path_query_array(s.data, '$.*')::text ilike '%sharma%'`, []],
      [`?from=${someDay}&to=${yesterday}`, `s.created_at >= $1 and s.created_at < $2`, [istMidnight(someDay), istMidnight(today)]],
      ['?city=Nowhere', 'false', []],
    ];
    for (const [query, condition, values] of cases) {
      const { csv, count } = await reference(condition, values);
      const file = await exported(query);
      expect(file.toString('utf8'), query).toBe(csv);
      // Header plus one line per lead (no field of these carries a line break).
      expect(file.toString('utf8').split('\r\n').length - 2, query).toBe(count);
    }
    const statuses = (await exported('?status=converted&city=Pune')).toString('utf8').split('\r\n').slice(1, -1);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((line) => /^[^,]+,[^,]+,[^,]+,[^,]+,Pune,converted,/.test(line))).toBe(true);
  });

  it('refuses a search too short to look up, before any file is sent', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/leads.csv?q=ab',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(SEARCH_TOO_SHORT);
  });

  /** The server on a port of the loopback, as a browser downloading the file reaches it. */
  const address = async () =>
    server.app.server.listening
      ? `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`
      : server.app.listen({ port: 0, host: '127.0.0.1' });

  it('streams the file in parts as they are written', async () => {
    const response = await fetch(`${await address()}/api/leads.csv`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    let parts = 0;
    let bytes = 0;
    for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) {
      parts++;
      bytes += part.length;
    }
    expect(parts).toBeGreaterThan(1);
    expect(bytes).toBe((await exported('')).length);
  });

  it("takes a visitor's form while an export is half sent and its reader has stopped reading", async () => {
    const response = await fetch(`${await address()}/api/leads.csv`, { headers: { authorization: `Bearer ${admin.token}` } });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const submitted = await server.app.inject({
      method: 'POST',
      url: '/api/forms/consultation',
      payload: {
        page: '/it-recruitment',
        captcha: 'off',
        data: { name: 'Kavya Menon', email: 'kavya@example.com', contact: '9876501234', lookingFor: 'Candidate' },
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    await reader.cancel();
  });
});
