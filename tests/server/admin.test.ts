import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { errorBody } from '../../src/server/http/error-reply';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Session = Awaited<ReturnType<typeof loginAs>>;

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const someId = '00000000-0000-4000-8000-000000000000';

function fileForm(bytes: Buffer, name: string, kind: string) {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', new Blob([new Uint8Array(bytes)]), name);
  return body;
}

describe.each(databaseKinds)('admin API on %s', (kind) => {
  let server: Server;
  let admin: Session;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });
    admin = await loginAs(server.app, server.db, 'ADMIN', { fullName: 'Asha Rao' });
  });
  afterAll(() => server.close());

  const call = (method: string, url: string, payload?: unknown, token = admin.token) =>
    server.app.inject({ method: method as 'GET', url, payload: payload as object, cookies: token ? { jwt_token: token } : {} });
  const submit = async (formId: string, page: string, data: Record<string, unknown>) => {
    const response = await server.app.inject({ method: 'POST', url: `/api/forms/${formId}`, payload: { page, data, captcha: 'x' } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const login = (username: string, password: string) =>
    server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  const me = (token: string) => server.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { jwt_token: token } });

  it('starts empty', async () => {
    const dashboard = (await call('GET', '/api/admin/dashboard')).json();
    expect(dashboard.newLeads).toEqual({ total: 0, byForm: [], byCity: [] });
    expect((await call('GET', '/api/admin/candidates')).json()).toMatchObject({ candidates: [], total: 0 });
    expect((await call('GET', '/api/admin/recruiter-requests')).json()).toMatchObject({ requests: [], total: 0 });
    expect((await call('GET', '/api/admin/team')).json()).toEqual({ members: [] });
    expect((await server.app.inject({ method: 'GET', url: '/api/team' })).json()).toEqual({ members: [] });
  });

  it('counts new leads by form, by city and by status on the dashboard', async () => {
    await submit('consultation', '/it-recruitment', {
      name: 'Meera',
      email: 'meera@example.com',
      contact: '9876543210',
      lookingFor: 'Job',
    });
    await submit('consultation', '/it-recruitment', {
      name: 'Karan',
      email: 'karan@example.com',
      contact: '9876543211',
      lookingFor: 'Candidate',
    });
    await submit('city-lead', '/franchise/surat', {
      name: 'Ravi',
      phone: '9876543210',
      email: 'ravi@example.com',
      description: 'Accounts jobs',
      type: 'student',
    });
    const response = await call('GET', '/api/admin/dashboard');
    expect(response.statusCode).toBe(200);
    const dashboard = response.json();
    expect(dashboard.days).toBe(7);
    expect(dashboard.newLeads.total).toBe(3);
    expect(dashboard.newLeads.byForm).toEqual([
      { formId: 'consultation', title: expect.any(String), collection: 'ConsultationRequests', count: 2 },
      { formId: 'city-lead', title: expect.any(String), collection: 'LeadForms', count: 1 },
    ]);
    expect(dashboard.newLeads.byCity).toEqual(
      [
        { city: null, count: 2 },
        { city: 'Surat', count: 1 },
      ].sort((a, b) => b.count - a.count),
    );
    expect(dashboard.byStatus).toEqual([{ status: 'new', count: 3 }]);
    expect(dashboard.totals.submissions).toBe(3);
    expect(dashboard.latestSubmissions).toHaveLength(3);
    expect(dashboard.latestSubmissions.map((s: { name: string }) => s.name).sort()).toEqual(['Karan', 'Meera', 'Ravi']);
  });

  it('creates users, changes roles and deactivates them, ending their sessions', async () => {
    const created = await call('POST', '/api/admin/users', {
      username: 'Priya.BDE',
      role: 'BDE',
      fullName: 'Priya Shah',
      email: 'priya@hireframe.in',
    });
    expect(created.statusCode).toBe(201);
    const { user, temporaryPassword } = created.json();
    expect(user).toMatchObject({ username: 'priya.bde', role: 'BDE', active: true, fullName: 'Priya Shah' });
    expect(temporaryPassword).toMatch(/^\S{14}$/);

    const first = await login('priya.bde', temporaryPassword);
    expect(first.statusCode).toBe(200);
    const token = first.cookies.find((c) => c.name === 'jwt_token')!.value;
    expect((await me(token)).statusCode).toBe(200);

    expect((await call('POST', '/api/admin/users', { username: 'priya.bde', role: 'BDE' })).statusCode).toBe(409);
    expect((await call('POST', '/api/admin/users', { username: 'tricity', role: 'FBDE' })).json().error).toMatch(/city/);
    expect((await call('POST', '/api/admin/users', { username: 'boss', role: 'OWNER' })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/users', { username: 'short', role: 'BDE', password: 'tiny' })).json().error).toMatch(
      /10 characters/,
    );

    const promoted = await call('PATCH', `/api/admin/users/${user.id}`, { role: 'FBDE', city: 'Surat' });
    expect(promoted.json().user).toMatchObject({ role: 'FBDE', city: 'Surat' });
    expect((await me(token)).statusCode).toBe(401);

    const again = (await login('priya.bde', temporaryPassword)).cookies.find((c) => c.name === 'jwt_token')!.value;
    const renamed = await call('PATCH', `/api/admin/users/${user.id}`, { fullName: 'Priya S.' });
    expect(renamed.json().user.fullName).toBe('Priya S.');
    expect((await me(again)).statusCode).toBe(200); // a new name ends no session

    const deactivated = await call('PATCH', `/api/admin/users/${user.id}`, { active: false });
    expect(deactivated.json().user.active).toBe(false);
    expect((await me(again)).statusCode).toBe(401);
    expect((await login('priya.bde', temporaryPassword)).statusCode).toBe(401);
    expect((await call('PATCH', `/api/admin/users/${user.id}`, { active: true })).json().user.active).toBe(true);
    expect((await login('priya.bde', temporaryPassword)).statusCode).toBe(200);

    const list = (await call('GET', '/api/admin/users?search=priya')).json();
    expect(list.users.map((u: { username: string }) => u.username)).toEqual(['priya.bde']);
    expect(list.roles).toContain('RECRUITER');

    expect((await call('PATCH', `/api/admin/users/${admin.id}`, { active: false })).json()).toEqual(
      errorBody('You cannot deactivate your own account.'),
    );
    expect((await call('PATCH', `/api/admin/users/${admin.id}`, { role: 'BDE' })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/admin/users/${someId}`, { active: false })).statusCode).toBe(404);
  });

  it('resets a password: a generated one is answered once, and old sessions end', async () => {
    const user = await loginAs(server.app, server.db, 'RECRUITER');
    const reset = await call('POST', `/api/admin/users/${user.id}/password`, {});
    expect(reset.statusCode).toBe(200);
    const { temporaryPassword } = reset.json();
    expect(temporaryPassword).toMatch(/^\S{14}$/);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await login(user.username, user.password)).statusCode).toBe(401);
    expect((await login(user.username, temporaryPassword)).statusCode).toBe(200);

    const chosen = await call('POST', `/api/admin/users/${user.id}/password`, { password: 'a chosen passphrase' });
    expect(chosen.json()).toEqual({ success: true });
    expect((await login(user.username, 'a chosen passphrase')).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/users/${user.id}/password`, { password: 'short' })).statusCode).toBe(400);
  });

  it('approves a recruiter request into a RECRUITER account that can log in', async () => {
    const id = await submit('recruiter-application', '/apply-as-a-recruiter', {
      name: 'Sunil Mehta',
      email: 'sunil@example.com',
      phone: '9876500000',
      city: 'Pune',
      experience: '1-3',
    });
    const other = await submit('recruiter-application', '/apply-as-a-recruiter', {
      name: 'Ramesh',
      email: 'ramesh@example.com',
      phone: '9876500001',
      city: 'Nagpur',
      experience: 'none',
    });
    const list = (await call('GET', '/api/admin/recruiter-requests')).json();
    expect(list.total).toBe(2);
    expect((await call('GET', '/api/admin/dashboard')).json().totals.pendingRecruiterRequests).toBe(2);
    const detail = (await call('GET', `/api/admin/recruiter-requests/${id}`)).json().request;
    expect(detail).toMatchObject({ name: 'Sunil Mehta', email: 'sunil@example.com', city: 'Pune', status: 'new', account: null });

    expect((await call('POST', `/api/admin/recruiter-requests/${id}/approve`, { username: 'Not Valid!' })).statusCode).toBe(400);
    const approved = await call('POST', `/api/admin/recruiter-requests/${id}/approve`, { username: 'sunil.mehta' });
    expect(approved.statusCode).toBe(201);
    const { user, temporaryPassword } = approved.json();
    expect(user).toMatchObject({ username: 'sunil.mehta', role: 'RECRUITER', email: 'sunil@example.com' });

    const session = await login('sunil.mehta', temporaryPassword);
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ role: 'RECRUITER', fullName: 'Sunil Mehta' });

    const after = (await call('GET', `/api/admin/recruiter-requests/${id}`)).json().request;
    expect(after).toMatchObject({ status: 'converted', account: { username: 'sunil.mehta', approvedBy: admin.username } });
    expect((await call('POST', `/api/admin/recruiter-requests/${id}/approve`, { username: 'sunil.two' })).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/recruiter-requests/${other}/approve`, { username: 'sunil.mehta' })).statusCode).toBe(409);

    expect((await call('POST', `/api/admin/recruiter-requests/${other}/reject`, {})).json()).toEqual({ success: true });
    // Approved or rejected, each has had its answer: neither is reminded of or told as overdue.
    for (const request of [id, other])
      expect((await call('GET', `/api/leads/${request}`)).json()).toMatchObject({ answeredAt: expect.any(String) });
    expect((await call('GET', '/api/admin/recruiter-requests?status=closed')).json().requests.map((r: { id: string }) => r.id)).toEqual([
      other,
    ]);
    const activity = (await call('GET', '/api/admin/dashboard')).json().recentActivity.map((a: { action: string }) => a.action);
    expect(activity).toEqual(expect.arrayContaining(['recruiter-request.approved', 'recruiter-request.rejected']));
  });

  it('lists candidates with their resumes, and students from the lead forms', async () => {
    const upload = await server.app.inject({ method: 'POST', url: '/api/uploads', payload: fileForm(pdf, 'Anil CV.pdf', 'resume') });
    await submit('visakhapatnam-registration', '/franchise/visakhapatnam', {
      name: 'Anil Varma',
      email: 'anil@example.com',
      phone: '9876543299',
      role: 'graduate',
      skills: 'Tally, GST',
      resume: upload.json().id,
    });
    await submit('city-lead', '/franchise/surat', {
      name: 'Acme HR',
      phone: '9876543298',
      email: 'hr@acme.example',
      description: 'Hiring',
      type: 'employer',
    });

    const all = (await call('GET', '/api/admin/candidates')).json();
    expect(all.candidates.map((c: { name: string }) => c.name).sort()).toEqual(['Anil Varma', 'Ravi']);
    expect(all.cities).toEqual(['Surat', 'Visakhapatnam']);
    const anil = all.candidates.find((c: { name: string }) => c.name === 'Anil Varma');
    expect(anil).toMatchObject({
      city: 'Visakhapatnam',
      role: 'graduate',
      skills: 'Tally, GST',
      resume: { name: 'Anil CV.pdf', size: pdf.length },
    });

    expect((await call('GET', '/api/admin/candidates?search=tally')).json().total).toBe(1);
    // A phone number is found however it is written (it is stored in E.164), and only that number.
    for (const search of ['98765 43299', '+91 98765-43299', '098765 43299'])
      expect((await call('GET', `/api/admin/candidates?search=${encodeURIComponent(search)}`)).json().candidates, search).toMatchObject([
        { name: 'Anil Varma', phone: '+919876543299' },
      ]);
    expect((await call('GET', `/api/admin/candidates?search=${encodeURIComponent('98765 43298')}`)).json().total).toBe(0);
    expect((await call('GET', '/api/admin/candidates?city=Surat')).json().candidates.map((c: { name: string }) => c.name)).toEqual([
      'Ravi',
    ]);

    const resume = await call('GET', `/api/admin/candidates/${anil.id}/resume`);
    expect(resume.statusCode).toBe(200);
    expect(resume.headers['content-type']).toBe('application/pdf');
    expect(resume.headers['content-disposition']).toMatch(/^attachment; filename="Anil CV.pdf"/);
    expect(resume.rawPayload.equals(pdf)).toBe(true);
    const ravi = all.candidates.find((c: { name: string }) => c.name === 'Ravi');
    expect((await call('GET', `/api/admin/candidates/${ravi.id}/resume`)).statusCode).toBe(404);
  });

  it('manages the team the public page shows, with avatars', async () => {
    const recruiter = await loginAs(server.app, server.db, 'RECRUITER');
    const upload = (token?: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload: fileForm(png, 'face.png', 'avatar'),
        cookies: token ? { jwt_token: token } : {},
      });
    expect((await upload()).statusCode).toBe(401);
    expect((await upload(recruiter.token)).statusCode).toBe(403);
    const avatar = await upload(admin.token);
    expect(avatar.statusCode).toBe(201);
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await server.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: fileForm(big, 'big.png', 'avatar'),
      cookies: { jwt_token: admin.token },
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().errors[0].message).toBe('The file is larger than 2 MB.');

    const add = (body: Record<string, unknown>) => call('POST', '/api/admin/team', body);
    const sneha = (
      await add({ name: 'Sneha Reddy', role: 'Head of Talent', bio: 'Leads recruiters.', avatarUploadId: avatar.json().id })
    ).json().member;
    const karthik = (await add({ name: 'Karthik', role: 'Lead, IT Recruitment' })).json().member;
    const hidden = (await add({ name: 'Not Yet', role: 'Intern', visible: false })).json().member;
    expect((await add({ name: ' ', role: 'x' })).json()).toEqual(errorBody('Name is required'));
    expect((await add({ name: 'x', role: 'y', avatarUploadId: someId })).statusCode).toBe(400);

    let team = (await server.app.inject({ method: 'GET', url: '/api/team' })).json().members;
    expect(team.map((m: { name: string }) => m.name)).toEqual(['Sneha Reddy', 'Karthik']);
    expect(team[0].avatarUrl).toMatch(new RegExp(`^/api/team/${sneha.id}/avatar`));
    expect(team[1].avatarUrl).toBeNull();

    const image = await server.app.inject({ method: 'GET', url: team[0].avatarUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);

    await call('POST', '/api/admin/team/order', { ids: [karthik.id, sneha.id] });
    const edited = await call('PATCH', `/api/admin/team/${karthik.id}`, { role: 'Head of IT Recruitment', bio: '' });
    expect(edited.json().member).toMatchObject({ role: 'Head of IT Recruitment', bio: null });
    team = (await server.app.inject({ method: 'GET', url: '/api/team' })).json().members;
    expect(team.map((m: { name: string }) => m.name)).toEqual(['Karthik', 'Sneha Reddy']);

    await call('PATCH', `/api/admin/team/${sneha.id}`, { visible: false });
    expect((await server.app.inject({ method: 'GET', url: `/api/team/${sneha.id}/avatar` })).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/team/${sneha.id}/avatar`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/team/${hidden.id}`, {})).json()).toEqual({ success: true });
    expect((await call('DELETE', `/api/admin/team/${hidden.id}`, {})).statusCode).toBe(404);
    expect(
      (await call('GET', '/api/admin/team')).json().members.map((m: { name: string; visible: boolean }) => [m.name, m.visible]),
    ).toEqual([
      ['Karthik', true],
      ['Sneha Reddy', false],
    ]);
  });

  it('takes blog covers (WebP too) from admins only', async () => {
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(18)]);
    const cover = (token?: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload: fileForm(webp, 'cover.webp', 'blog-cover'),
        cookies: token ? { jwt_token: token } : {},
      });
    expect((await cover()).statusCode).toBe(401);
    const response = await cover(admin.token);
    expect(response.statusCode).toBe(201);
    expect(response.json().type).toBe('image/webp');
    const asResume = await server.app.inject({ method: 'POST', url: '/api/uploads', payload: fileForm(webp, 'cover.webp', 'resume') });
    expect(asResume.statusCode).toBe(400);
  });

  it('answers 401 without a session and 403 for every other role on each admin route', async () => {
    const others = await Promise.all(
      ['BDE', 'FBDE', 'RECRUITER', 'HIRING_MANAGER'].map((role) => loginAs(server.app, server.db, role, { city: 'Surat' })),
    );
    const rules = server.app.accessRules.filter((r) => r.url.startsWith('/api/admin/'));
    expect(rules.length).toBeGreaterThan(15);
    for (const rule of rules) {
      const url = rule.url.replace(/:id/g, someId);
      expect((await call(rule.method, url, undefined, '')).statusCode, `${rule.method} ${url}`).toBe(401);
      for (const other of others)
        expect((await call(rule.method, url, undefined, other.token)).statusCode, `${rule.method} ${url}`).toBe(403);
    }
  });
});
