import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { errorBody } from '../../src/server/http/error-reply';
import { at, first } from '../support/present';
import { TRAILING_COLUMNS } from '../../src/server/leads/csv';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type User = Awaited<ReturnType<typeof loginAs>>;

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** RFC 4180 read back: quoted cells, doubled quotes, CRLF between records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe.each(databaseKinds)('leads inbox and BDE portal on %s', (kind) => {
  let server: Server;
  let admin: User, bde: User, otherBde: User, fbde: User, recruiter: User;
  // The ids of the leads beforeAll submits, one per kind of form.
  const ids = { asha: '', ravi: '', vizag: '', formula: '', job: '' };
  let resumeId = '';

  const as = (user: User | null) => (user ? { authorization: `Bearer ${user.token}` } : {});
  const get = (user: User | null, url: string) => server.app.inject({ method: 'GET', url, headers: as(user) });
  const patch = (user: User | null, id: string, payload: unknown) =>
    server.app.inject({ method: 'PATCH', url: `/api/leads/${id}`, payload: payload as object, headers: as(user) });
  const note = (user: User | null, id: string, body: unknown) =>
    server.app.inject({ method: 'POST', url: `/api/leads/${id}/notes`, payload: { body } as object, headers: as(user) });
  const list = async (user: User, query = '') => {
    const response = await get(user, `/api/leads${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      items: Record<string, any>[];
      total: number;
      totalExact: boolean;
      nextCursor: string | null;
      prevCursor: string | null;
      pageSize: number;
    };
  };
  const names = async (user: User, query = '') => (await list(user, query)).items.map((i) => i.name).sort();

  async function submit(formId: string, page: string, data: Record<string, unknown>) {
    const response = await server.app.inject({ method: 'POST', url: `/api/forms/${formId}`, payload: { page, data, captcha: 'x' } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  }

  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });

    ids.asha = await submit('consultation', '/it-recruitment', {
      name: 'Asha Rao',
      email: 'asha@example.com',
      contact: '9876543210',
      lookingFor: 'Candidate',
    });
    ids.ravi = await submit('city-lead', '/franchise/surat', {
      name: 'Ravi Patel',
      phone: '9876501234',
      email: 'ravi@example.com',
      description: 'Accounts, audit\nand "tax" work',
      type: 'student',
      city: 'Mumbai',
    });
    const body = new FormData();
    body.append('kind', 'resume');
    body.append('file', new Blob([new Uint8Array(pdf)]), 'My Résumé; final.pdf');
    const upload = await server.app.inject({ method: 'POST', url: '/api/uploads', payload: body });
    expect(upload.statusCode, upload.body).toBe(201);
    resumeId = upload.json().id;
    ids.vizag = await submit('visakhapatnam-registration', '/franchise/visakhapatnam', {
      name: 'Vani Reddy',
      email: 'vani@example.com',
      phone: '9123456780',
      role: 'graduate',
      experience: '0-1',
      industry: 'maritime',
      resume: resumeId,
    });
    ids.formula = await submit('consultation', '/it-recruitment', {
      name: '=HYPERLINK("http://evil.example")',
      email: 'eve@example.com',
      contact: '+91 98765 43210',
      lookingFor: 'Job',
    });
    ids.job = await submit('job-posting', '/free-job-posting', {
      companyName: 'Acme Tools',
      contactName: 'Jaya Menon',
      email: 'jaya@acme.example',
      phone: '9988776655',
      jobTitle: 'Java Developer',
      location: 'Pune',
      employmentType: 'FULL_TIME',
      openings: 2,
      description: 'Spring Boot services',
    });
    // The staff join after the leads came in, so the leads wait in the inbox for an admin to hand out (routing on
    // arrival is lead-routing.test.ts's).
    admin = await loginAs(server.app, server.db, 'ADMIN', { fullName: 'Anita Admin' });
    bde = await loginAs(server.app, server.db, 'BDE', { fullName: 'Bharat Desai' });
    otherBde = await loginAs(server.app, server.db, 'BDE', { fullName: 'Chitra Iyer' });
    fbde = await loginAs(server.app, server.db, 'FBDE', { fullName: 'Farhan Shaikh', city: 'Surat' });
    recruiter = await loginAs(server.app, server.db, 'RECRUITER');
  });
  afterAll(() => server.close());

  it('lists every lead for ADMIN, newest first, with who, a summary and whether a resume came', async () => {
    const body = await list(admin);
    expect(body).toMatchObject({ total: 5, totalExact: true, pageSize: 20, nextCursor: null, prevCursor: null });
    const times = body.items.map((i) => Date.parse(i.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const ravi = body.items.find((i) => i.id === ids.ravi)!;
    expect(ravi).toEqual({
      id: ids.ravi,
      reference: expect.stringMatching(/^HF-\d{4}-\d{6}$/),
      formId: 'city-lead',
      collection: 'LeadForms',
      page: '/franchise/surat',
      city: 'Surat',
      status: 'new',
      createdAt: expect.any(String),
      assignedTo: null,
      name: 'Ravi Patel',
      email: 'ravi@example.com',
      phone: '+919876501234',
      summary: 'Student / Job Seeker · Accounts, audit and "tax" work',
      hasResume: false,
      respondBy: new Date(Date.parse(ravi.createdAt) + 24 * 3_600_000).toISOString(),
      answeredAt: null,
      followUpAt: null,
      repeat: false,
    });
    expect(body.items.find((i) => i.id === ids.asha)).toMatchObject({ phone: '+919876543210', summary: 'Looking For Candidate' });
    expect(body.items.find((i) => i.id === ids.vizag)).toMatchObject({
      hasResume: true,
      city: 'Visakhapatnam',
      summary: 'Fresh Graduate · 0-1 years · Maritime & Ports',
    });
    expect(body.items.find((i) => i.id === ids.job)).toMatchObject({ name: 'Jaya Menon', collection: 'JobRequests' });
  });

  it('filters by form, collection, city, status and dates, and searches any text without regard to case', async () => {
    expect(await names(admin, '?form=consultation')).toEqual(['=HYPERLINK("http://evil.example")', 'Asha Rao']);
    expect(await names(admin, '?collection=Registrations')).toEqual(['Vani Reddy']);
    expect(await names(admin, '?excludeCollection=JobRequests')).toHaveLength(4);
    expect(await names(admin, '?city=Surat')).toEqual(['Ravi Patel']);
    expect(await names(admin, '?status=new&collection=JobRequests')).toEqual(['Jaya Menon']);
    expect(await names(admin, '?status=closed')).toEqual([]);
    expect(await names(admin, '?q=ASHA')).toEqual(['Asha Rao']);
    expect(await names(admin, '?q=acme.EXAMPLE')).toEqual(['Jaya Menon']);
    expect(await names(admin, '?q=9123456780')).toEqual(['Vani Reddy']);
    // Phones are stored in E.164: any way of writing the number finds it, part of it still finds it as text.
    for (const q of ['91234 56780', '+91 91234-56780', '091234 56780', '0091 9123456780', '56780'])
      expect(await names(admin, `?q=${encodeURIComponent(q)}`), q).toEqual(['Vani Reddy']);
    expect(await names(admin, `?q=${encodeURIComponent('98765 43210')}`)).toEqual(['=HYPERLINK("http://evil.example")', 'Asha Rao']);
    expect(await names(admin, `?q=${encodeURIComponent('audit')}&city=Surat`)).toEqual(['Ravi Patel']);
    // Wildcards in a search are plain characters; text the trigram index cannot look up is refused.
    expect(await names(admin, `?q=${encodeURIComponent('ash%')}`)).toEqual([]);
    expect(await names(admin, `?q=${encodeURIComponent('ash_')}`)).toEqual([]);
    expect((await get(admin, `/api/leads?q=${encodeURIComponent('as')}`)).json()).toEqual(
      errorBody('Type at least 3 letters or digits in a row to search.', [
        { field: 'q', message: 'Type at least 3 letters or digits in a row to search.' },
      ]),
    );
    expect(await names(admin, '?city=surat')).toEqual(['Ravi Patel']);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    expect((await list(admin, `?from=${today}&to=${today}`)).total).toBe(5);
    expect((await list(admin, `?to=${yesterday}`)).total).toBe(0);
    expect((await get(admin, '/api/leads?status=lost')).statusCode).toBe(400);
    expect((await get(admin, '/api/leads?from=yesterday')).statusCode).toBe(400);
  });

  it('pages through the list by cursor, at most 100 a page', async () => {
    const one = await list(admin, '?pageSize=2');
    const two = await list(admin, `?pageSize=2&after=${one.nextCursor}`);
    const three = await list(admin, `?pageSize=2&after=${two.nextCursor}`);
    const pages = [one, two, three];
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1]);
    expect(pages.every((p) => p.total === 5 && p.totalExact && p.pageSize === 2)).toBe(true);
    expect(new Set(pages.flatMap((p) => p.items.map((i) => i.id))).size).toBe(5);
    expect([one.prevCursor, three.nextCursor]).toEqual([null, null]);
    expect((await list(admin, `?pageSize=2&before=${three.prevCursor}`)).items).toEqual(two.items);
    expect((await get(admin, '/api/leads?pageSize=101')).statusCode).toBe(400);
    expect((await get(admin, '/api/leads?pageSize=0')).statusCode).toBe(400);
    expect((await get(admin, '/api/leads?after=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
  });

  it('offers the forms, collections and cities that have leads as filter options', async () => {
    const facets = (await get(admin, '/api/leads/facets')).json();
    expect(facets.forms).toEqual(
      expect.arrayContaining([
        { id: 'consultation', title: 'Get a Free Consultation' },
        { id: 'city-lead', title: 'Tell us about yourself' },
      ]),
    );
    expect(facets.forms).toHaveLength(4);
    expect(facets.collections).toEqual(['ConsultationRequests', 'JobRequests', 'LeadForms', 'Registrations']);
    // The job request's city is the one its location names.
    expect(facets.cities).toEqual(['Pune', 'Surat', 'Visakhapatnam']);
    // A tab of one collection, or of all but one, offers only what it holds.
    expect((await get(admin, '/api/leads/facets?collection=JobRequests')).json()).toEqual({
      forms: [{ id: 'job-posting', title: expect.any(String) }],
      collections: ['JobRequests'],
      cities: ['Pune'],
      // Sent with no visits kept: direct.
      sources: ['direct'],
    });
    expect((await get(admin, '/api/leads/facets?excludeCollection=JobRequests')).json().collections).not.toContain('JobRequests');
  });

  it('shows one lead with every field labelled as the form labels it, the consent and the resume', async () => {
    const ravi = (await get(admin, `/api/leads/${ids.ravi}`)).json();
    expect(ravi.fields).toEqual([
      { key: 'name', label: 'Full Name', value: 'Ravi Patel' },
      { key: 'phone', label: 'Phone', value: '+91 98765 01234' },
      { key: 'email', label: 'Email', value: 'ravi@example.com' },
      { key: 'type', label: 'I am a', value: 'Student / Job Seeker' },
      { key: 'description', label: 'What are you looking for?', value: 'Accounts, audit\nand "tax" work' },
      { key: 'city', label: 'City', value: 'Surat' },
    ]);
    expect(ravi).toMatchObject({
      formTitle: 'Tell us about yourself',
      city: 'Surat',
      notes: [],
      resume: null,
      assignedTo: null,
      updatedAt: null,
    });
    expect(ravi.consent).toMatchObject({
      text: expect.stringContaining('Privacy Policy'),
      page: '/franchise/surat',
      givenAt: expect.any(String),
    });

    const vani = (await get(admin, `/api/leads/${ids.vizag}`)).json();
    expect(vani.resume).toEqual({ id: resumeId, name: 'My Résumé; final.pdf', size: pdf.length, type: 'application/pdf' });
    expect(vani.fields.map((f: { key: string }) => f.key)).not.toContain('resume');
    expect(vani.fields).toContainEqual({ key: 'industry', label: 'Industry', value: 'Maritime & Ports' });

    expect((await get(admin, '/api/leads/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(admin, '/api/leads/not-a-uuid')).statusCode).toBe(400);
  });

  it('exports the filtered leads as CSV, quoted, with formulas defused', async () => {
    const response = await get(admin, '/api/leads.csv?form=consultation');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    expect(response.headers['content-disposition']).toBe(`attachment; filename="leads-${today}.csv"`);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(response.body.slice(1));
    expect(header).toEqual([
      'created_at',
      'form',
      'collection',
      'page',
      'city',
      'status',
      'assigned to',
      'source',
      'name',
      'email',
      'contact',
      'lookingFor',
      ...TRAILING_COLUMNS,
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual([
      // In India's time with its offset, as the portal shows it.
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+05:30$/),
      'consultation',
      'ConsultationRequests',
      '/it-recruitment',
      '',
      'new',
      '',
      // Sent without attribution: a direct visit.
      'direct',
      'Asha Rao',
      'asha@example.com',
      // Stored in E.164; its leading + is defused as a formula's would be.
      `'+919876543210`,
      'Candidate',
      ...TRAILING_COLUMNS.map(() => ''),
    ]);
    expect(at(rows, 1, 'the formula lead as the second CSV row').slice(8, 12)).toEqual([
      `'=HYPERLINK("http://evil.example")`,
      'eve@example.com',
      `'+919876543210`,
      'Job',
    ]);
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);

    const all = parseCsv((await get(admin, '/api/leads.csv')).body.slice(1));
    expect(all).toHaveLength(6);
    expect(all[0]).toEqual(expect.arrayContaining(['description', 'companyName', 'resume', 'openings']));
    const ravi = all.find((r) => r.includes('Ravi Patel'))!;
    expect(ravi[first(all, 'a CSV header row').indexOf('description')]).toBe('Accounts, audit\nand "tax" work');
    expect((await get(admin, '/api/leads.csv')).body).toContain('"Accounts, audit\nand ""tax"" work"');
    expect(parseCsv((await get(admin, '/api/leads.csv?city=Nowhere')).body.slice(1))).toHaveLength(1);
  });

  it('lets ADMIN assign a lead and move its status, recording who did it', async () => {
    const response = await patch(admin, ids.ravi, { assignedTo: bde.id, status: 'contacted' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'contacted',
      assignedTo: { id: bde.id, username: bde.username, fullName: 'Bharat Desai' },
      updatedAt: expect.any(String),
    });
    const activity = await server.db.query<{ action: string; actor_id: string; detail: Record<string, unknown> }>(
      'select action, actor_id, detail from activity where subject_id = $1 order by id',
      [ids.ravi],
    );
    expect(activity).toEqual([
      { action: 'lead.status', actor_id: admin.id, detail: { from: 'new', to: 'contacted' } },
      { action: 'lead.assign', actor_id: admin.id, detail: { from: null, to: bde.id } },
    ]);
    expect(await names(admin, '?assigned=' + bde.id)).toEqual(['Ravi Patel']);
    expect(await names(admin, '?status=contacted')).toEqual(['Ravi Patel']);
    expect((await list(admin, '?assigned=none')).total).toBe(4);

    expect((await patch(admin, ids.asha, { assignedTo: recruiter.id })).json()).toEqual(
      errorBody('Choose an active BDE or FBDE to assign the lead to.'),
    );
    expect((await patch(admin, ids.asha, { status: 'won' })).statusCode).toBe(400);
    expect((await patch(admin, ids.asha, {})).statusCode).toBe(400);
    expect((await patch(admin, '00000000-0000-4000-8000-000000000000', { status: 'closed' })).statusCode).toBe(404);

    expect((await patch(admin, ids.job, { assignedTo: otherBde.id })).statusCode).toBe(200);
    expect((await patch(admin, ids.job, { assignedTo: null })).json().assignedTo).toBeNull();
  });

  it('shows a BDE only the leads assigned to them, and nothing of the rest', async () => {
    await patch(admin, ids.job, { assignedTo: bde.id });
    expect(await names(bde)).toEqual(['Jaya Menon', 'Ravi Patel']);
    expect(await names(bde, '?collection=JobRequests')).toEqual(['Jaya Menon']);
    expect(await names(bde, '?excludeCollection=JobRequests')).toEqual(['Ravi Patel']);
    expect(await names(otherBde)).toEqual([]);
    expect((await get(bde, '/api/leads/facets')).json()).toEqual({
      forms: [
        { id: 'city-lead', title: 'Tell us about yourself' },
        { id: 'job-posting', title: expect.any(String) },
      ],
      collections: ['JobRequests', 'LeadForms'],
      cities: ['Pune', 'Surat'],
      sources: ['direct'],
    });
    expect((await get(bde, `/api/leads/${ids.ravi}`)).statusCode).toBe(200);
    for (const response of [
      await get(bde, `/api/leads/${ids.asha}`),
      await get(bde, `/api/leads/${ids.vizag}/resume`),
      await patch(bde, ids.asha, { status: 'closed' }),
      await note(bde, ids.asha, 'Called'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(errorBody('This lead does not exist or is not yours to see.'));
    }
  });

  it('lets a BDE move the status of their lead but not assign it', async () => {
    const response = await patch(bde, ids.ravi, { status: 'converted' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('converted');
    expect((await patch(bde, ids.ravi, { assignedTo: otherBde.id })).statusCode).toBe(403);
    expect((await patch(fbde, ids.ravi, { status: 'closed', assignedTo: fbde.id })).statusCode).toBe(403);
    expect((await get(admin, `/api/leads/${ids.ravi}`)).json()).toMatchObject({ status: 'converted', assignedTo: { id: bde.id } });
  });

  it('shows an FBDE the leads of their city and those assigned to them', async () => {
    expect(await names(fbde)).toEqual(['Ravi Patel']);
    await patch(admin, ids.asha, { assignedTo: fbde.id });
    expect(await names(fbde)).toEqual(['Asha Rao', 'Ravi Patel']);
    expect(await names(fbde, '?assigned=me')).toEqual(['Asha Rao']);
    expect((await get(fbde, `/api/leads/${ids.ravi}`)).statusCode).toBe(200);
    expect((await get(fbde, `/api/leads/${ids.vizag}`)).statusCode).toBe(404);
    expect((await patch(fbde, ids.asha, { status: 'contacted' })).json().status).toBe('contacted');
  });

  it('keeps notes on a lead with their author and time', async () => {
    const first = await note(bde, ids.ravi, '  Called; wants an accounts role in Surat.  ');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(String),
      body: 'Called; wants an accounts role in Surat.',
      createdAt: expect.any(String),
      author: { id: bde.id, username: bde.username, fullName: 'Bharat Desai' },
    });
    expect((await note(fbde, ids.ravi, '<script>alert(1)</script>')).statusCode).toBe(201);
    const notes = (await get(admin, `/api/leads/${ids.ravi}`)).json().notes;
    expect(notes.map((n: { body: string; author: { id: string } }) => [n.body, n.author.id])).toEqual([
      ['Called; wants an accounts role in Surat.', bde.id],
      ['<script>alert(1)</script>', fbde.id],
    ]);
    expect((await note(admin, ids.ravi, '   ')).json()).toEqual(errorBody('Please write the note first.'));
    expect((await note(admin, ids.ravi, '')).statusCode).toBe(400);
    expect((await note(admin, ids.ravi, 'x'.repeat(2001))).statusCode).toBe(400);
    expect((await note(admin, ids.ravi, 'x'.repeat(2000))).statusCode).toBe(201);
  });

  it('serves the resume as an attachment with its own bytes, never for display', async () => {
    const response = await get(admin, `/api/leads/${ids.vizag}/resume`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(pdf)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="My R_sum__ final.pdf"; filename*=UTF-8''${encodeURIComponent('My Résumé; final.pdf')}`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect((await get(admin, `/api/leads/${ids.asha}/resume`)).json()).toEqual(errorBody('This lead has no resume.'));
  });

  it('lists active BDE and FBDE users for assignment', async () => {
    const gone = await loginAs(server.app, server.db, 'BDE', { fullName: 'Zed Former' });
    await server.db.query('update users set active = false where id = $1', [gone.id]);
    const { users } = (await get(admin, '/api/bde/users')).json();
    expect(users.map((u: { id: string }) => u.id).sort()).toEqual([bde.id, otherBde.id, fbde.id].sort());
    expect(users.find((u: { id: string }) => u.id === fbde.id)).toEqual({
      id: fbde.id,
      username: fbde.username,
      fullName: 'Farhan Shaikh',
      role: 'FBDE',
      city: 'Surat',
    });
    expect((await patch(admin, ids.asha, { assignedTo: gone.id })).statusCode).toBe(400);
  });

  it('answers 401 without a session and 403 for a role that may not call it', async () => {
    const lead = ids.ravi;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/leads'],
      ['GET', '/api/leads/facets'],
      ['GET', '/api/leads.csv'],
      ['GET', `/api/leads/${lead}`],
      ['PATCH', `/api/leads/${lead}`, { status: 'closed' }],
      ['POST', `/api/leads/${lead}/notes`, { body: 'hi' }],
      ['GET', `/api/leads/${lead}/resume`],
      ['GET', '/api/bde/users'],
    ];
    for (const [method, url, payload] of calls) {
      const call = (user: User | null) =>
        server.app.inject({ method: method as 'GET', url, payload: payload as object, headers: as(user) });
      expect((await call(null)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(recruiter)).statusCode, `${method} ${url}`).toBe(403);
    }
    for (const url of ['/api/leads.csv', '/api/bde/users']) {
      expect((await get(bde, url)).statusCode).toBe(403);
      expect((await get(fbde, url)).statusCode).toBe(403);
    }
  });
});
