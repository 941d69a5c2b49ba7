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

// The export as it was before it streamed: every lead in memory, then one string. Kept as the reference the
// streamed file must equal byte for byte, with what the file shows people since: India's time with its offset, the
// assignee's name, the source, the first and latest visits and the notes, and a field named as a lead's own column
// (city) listed once.
interface OldLead {
  createdAt: Date;
  formId: string;
  collection: string;
  page: string;
  city: string | null;
  status: string;
  assignee: string | null;
  source: string | null;
  data: Record<string, unknown>;
  attribution: { first: Record<string, unknown>; last: Record<string, unknown> } | null;
  notes: { at: string; by: string; body: string }[] | null;
}

const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'];
const VISIT = [...UTM, 'click ids', 'referrer', 'landing page', 'seen at'];
// sv-SE writes 2026-11-27 14:05:09.
const ist = (value: string | Date) => `${new Date(value).toLocaleString('sv-SE', { timeZone: 'Asia/Kolkata' })} +05:30`;
const visitCells = (visit: Record<string, unknown> | undefined) =>
  visit
    ? [
        ...UTM.map((key) => visit[key]),
        (visit.clickIds as string[] | undefined)?.join(' '),
        visit.referrer,
        visit.landingPage,
        ist(visit.seenAt as string),
      ]
    : VISIT.map(() => undefined);

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
  const own = ['created_at', 'form', 'collection', 'page', 'city', 'status', 'assigned to', 'source'];
  const trailing = [...VISIT.map((c) => `first ${c}`), ...VISIT.map((c) => `last ${c}`), 'notes'];
  const dataKeys = [...new Set(leads.flatMap((lead) => orderedKeys(formOf(lead.formId), lead.data)))].filter((key) => !own.includes(key));
  const header = [...own, ...dataKeys, ...trailing];
  const rows = leads.map((lead) => [
    ist(lead.createdAt),
    lead.formId,
    lead.collection,
    lead.page,
    lead.city,
    lead.status,
    lead.assignee,
    lead.source,
    ...dataKeys.map((key) => lead.data[key]),
    ...visitCells(lead.attribution?.first),
    ...visitCells(lead.attribution?.last),
    lead.notes?.map((n) => `${ist(n.at)} ${n.by}: ${n.body}`).join('\n'),
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
      full_name: string | null;
      source: string | null;
      data: Record<string, unknown>;
      attribution: OldLead['attribution'];
    }>(
      `select s.id, s.created_at, s.form_id, s.collection, s.page, s.city, s.status, u.username, u.full_name, s.source, s.data,
              s.attribution
         from submissions s left join users u on u.id = s.assigned_to where ${condition} order by s.created_at, s.id`,
      values,
    );
    const notes = await server.db.query<{
      submission_id: string;
      created_at: Date;
      body: string;
      username: string;
      full_name: string | null;
    }>(
      `select n.submission_id, n.created_at, n.body, a.username, a.full_name
         from submission_notes n join users a on a.id = n.author_id order by n.created_at, n.id`,
    );
    const leads = rows.map((r) => {
      const own = notes.filter((n) => n.submission_id === (r as unknown as { id: string }).id);
      return {
        createdAt: r.created_at,
        formId: r.form_id,
        collection: r.collection,
        page: r.page,
        city: r.city,
        status: r.status,
        assignee: r.full_name || r.username,
        source: r.source,
        data: r.data,
        attribution: r.attribution,
        notes: own.length
          ? own.map((n) => ({ at: new Date(n.created_at).toISOString(), by: n.full_name || n.username, body: n.body }))
          : null,
      };
    });
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
    bde = await loginAs(server.app, server.db, 'BDE', { fullName: 'Bharat Desai' });
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
    // A lead from a campaign, with notes by two people: the visits and the notes in columns of their own.
    const visit = (at: string, extra: object) => ({ landingPage: '/franchise/surat', seenAt: at, ...extra });
    const attribution = {
      first: visit('2026-11-20T04:30:00.000Z', {
        utm_source: 'facebook',
        utm_medium: 'paid-social',
        utm_campaign: 'surat-walkin-dec',
        clickIds: ['fbclid'],
      }),
      last: visit('2026-11-26T08:35:09.000Z', { referrer: 'news.example.in' }),
    };
    const [campaignLead] = await server.db.query<{ id: string }>(
      `insert into submissions (form_id, collection, page, city, data, attribution, source, assigned_to)
       values ('city-lead', 'LeadForms', '/franchise/surat', 'Surat', $1, $2, 'facebook', $3) returning id`,
      [JSON.stringify({ name: 'Zoya Kapadia', phone: '+919876501234', city: 'Surat' }), JSON.stringify(attribution), bde.id],
    );
    const [contactLead] = await server.db.query<{ id: string }>(
      `select id from submissions where form_id = 'contact' order by created_at limit 1`,
    );
    for (const [lead, author, body] of [
      [campaignLead, bde, 'Called back; "interested", sends CV'],
      [contactLead, admin, 'Not a lead'],
      [contactLead, bde, 'Spam, closed'],
    ] as const)
      // A minute apart: PGlite's clock can give two quick inserts the same instant, and the order is by time.
      await server.db.query(
        `insert into submission_notes (submission_id, author_id, body, created_at)
         values ($1, $2, $3, now() + (select count(*) from submission_notes) * interval '1 minute')`,
        [lead?.id, author.id, body],
      );
  });
  afterAll(() => server.close());

  it('writes the same bytes as the in-memory export did, for every lead', async () => {
    const { csv, count } = await reference('true');
    expect(count).toBe(3005);
    const file = await exported('');
    expect(file.equals(Buffer.from(csv, 'utf8'))).toBe(true);
    expect(file.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csv).toContain('utm_source');
    // What people read: India's time, names, the source and visits, the notes; the city once.
    const [header = '', ...lines] = csv.slice(1).split('\r\n');
    expect(header.split(',').filter((column) => column === 'city')).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+05:30,/);
    const zoya = lines.find((line) => line.includes('Zoya Kapadia')) ?? '';
    expect(zoya).toContain(',Bharat Desai,facebook,');
    expect(zoya).toContain(
      'facebook,paid-social,surat-walkin-dec,,,fbclid,,/franchise/surat,2026-11-20 10:00:00 +05:30,,,,,,,news.example.in,/franchise/surat,2026-11-26 14:05:09 +05:30,',
    );
    expect(zoya).toMatch(/,"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+05:30 Bharat Desai: Called back; ""interested"", sends CV"$/);
    expect(csv).toMatch(/ \+05:30 admin\.[\d.]+: Not a lead\n\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+05:30 Bharat Desai: Spam, closed"/);
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
      ['?source=Facebook', `s.source = 'facebook'`, []],
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
