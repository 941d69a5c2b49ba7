import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { errorBody } from '../../src/server/http/error-reply';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Session = Awaited<ReturnType<typeof loginAs>>;

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

function imageForm(bytes: Buffer, kind = 'complaint-image') {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', new Blob([new Uint8Array(bytes)]), 'screenshot.png');
  return body;
}

describe.each(databaseKinds)('complaints on %s', (kind) => {
  let server: Server;
  let recruiter: Session;
  let admin: Session;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });
    recruiter = await loginAs(server.app, server.db, 'RECRUITER', { fullName: 'Ravi Kumar' });
    admin = await loginAs(server.app, server.db, 'ADMIN');
  });
  afterAll(() => server.close());

  const uploadImage = async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/uploads', payload: imageForm(png) });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  const file = (payload: Record<string, unknown>, auth: { bearer?: string; cookie?: string } = {}) =>
    server.app.inject({
      method: 'POST',
      url: '/api/users/complaints',
      payload,
      headers: auth.bearer ? { authorization: `Bearer ${auth.bearer}` } : {},
      cookies: auth.cookie ? { jwt_token: auth.cookie } : {},
    });
  const asAdmin = (url: string) => server.app.inject({ method: 'GET', url, cookies: { jwt_token: admin.token } });

  it('takes a complaint with an uploaded image from a RECRUITER by bearer token, and ADMIN reads it with the image', async () => {
    const uploadId = await uploadImage();
    const response = await file(
      {
        subject: '  Payout delayed ',
        message: 'My March payout has not arrived.',
        attachmentLink: `/api/uploads/${uploadId}/image`,
        captcha: 'x',
      },
      { bearer: recruiter.token },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: 'Compliant sent successfully!', reference: expect.stringMatching(/^CMP-\d{4}-\d{6,}$/) });

    const list = await asAdmin('/api/admin/complaints');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, totalExact: true, counts: { open: 1, 'in-progress': 0, resolved: 0 } });
    const [listed] = list.json().complaints;
    expect(listed).toMatchObject({ subject: 'Payout delayed', status: 'open', user: { username: recruiter.username, role: 'RECRUITER' } });

    const detail = await asAdmin(`/api/admin/complaints/${listed.id}`);
    const { complaint } = detail.json();
    expect(complaint).toMatchObject({
      message: 'My March payout has not arrived.',
      attachmentLink: `/api/uploads/${uploadId}/image`,
      attachmentType: 'image/png',
    });

    const image = await asAdmin(complaint.attachmentLink);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(png)).toBe(true);

    // The author may see their own image; another user, or nobody, may not.
    const own = await server.app.inject({
      method: 'GET',
      url: complaint.attachmentLink,
      headers: { authorization: `Bearer ${recruiter.token}` },
    });
    expect(own.statusCode).toBe(200);
    const other = await loginAs(server.app, server.db, 'BDE');
    expect(
      (await server.app.inject({ method: 'GET', url: complaint.attachmentLink, cookies: { jwt_token: other.token } })).statusCode,
    ).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: complaint.attachmentLink })).statusCode).toBe(401);

    const changed = await server.app.inject({
      method: 'PATCH',
      url: `/api/admin/complaints/${listed.id}`,
      payload: { status: 'in-progress' },
      cookies: { jwt_token: admin.token },
    });
    expect(changed.json().complaint.status).toBe('in-progress');
    const inProgress = (await asAdmin('/api/admin/complaints?status=in-progress')).json();
    expect(inProgress).toMatchObject({ total: 1, counts: { open: 0, 'in-progress': 1, resolved: 0 } });
    expect((await asAdmin('/api/admin/complaints?status=resolved')).json().complaints).toEqual([]);
    // Words of the subject or the message find it, in any case.
    expect((await asAdmin('/api/admin/complaints?q=MARCH%20payout')).json().complaints.map((c: { id: string }) => c.id)).toEqual([
      listed.id,
    ]);
    expect((await asAdmin('/api/admin/complaints?q=refund')).json()).toMatchObject({ complaints: [], total: 0 });
  });

  it('takes a complaint without an attachment by the session cookie', async () => {
    const response = await file({ subject: 'Login', message: 'The jobs page is slow.', captcha: 'x' }, { cookie: recruiter.token });
    expect(response.json()).toEqual({ success: 'Compliant sent successfully!', reference: expect.stringMatching(/^CMP-\d{4}-\d{6,}$/) });
  });

  it('gives each complaint a reference, and lists a sender their own with where each stands', async () => {
    const bde = await loginAs(server.app, server.db, 'BDE', { fullName: 'Bala Krishnan' });
    const mine = (token: string) => server.app.inject({ method: 'GET', url: '/api/users/complaints', cookies: { jwt_token: token } });
    expect((await mine(bde.token)).json()).toEqual({ complaints: [] });

    const first = (
      await file({ subject: 'Leads missing', message: 'Two Surat leads vanished.', captcha: 'x' }, { cookie: bde.token })
    ).json();
    const second = (await file({ subject: 'Slow list', message: 'The list takes long.', captcha: 'x' }, { cookie: bde.token })).json();
    expect(first.reference).not.toBe(second.reference);
    const [year, number] = first.reference.split('-').slice(1);
    expect(second.reference).toBe(`CMP-${year}-${String(Number(number) + 1).padStart(6, '0')}`);

    // An admin finds it by its reference, in any case, and moves it on.
    const found = (await asAdmin(`/api/admin/complaints?q=${first.reference.toLowerCase()}`)).json();
    expect(found.complaints.map((c: { reference: string; subject: string }) => [c.reference, c.subject])).toEqual([
      [first.reference, 'Leads missing'],
    ]);
    expect(found).toMatchObject({ total: 1, totalExact: true });
    await server.app.inject({
      method: 'PATCH',
      url: `/api/admin/complaints/${found.complaints[0].id}`,
      payload: { status: 'resolved' },
      cookies: { jwt_token: admin.token },
    });

    const listed = await mine(bde.token);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().complaints).toEqual([
      { reference: second.reference, subject: 'Slow list', status: 'open', createdAt: expect.any(String), updatedAt: null },
      {
        reference: first.reference,
        subject: 'Leads missing',
        status: 'resolved',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    // Nobody else's complaints, and none for those who do not file them.
    expect((await mine(recruiter.token)).json().complaints.map((c: { reference: string }) => c.reference)).not.toContain(first.reference);
    expect((await mine(admin.token)).statusCode).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: '/api/users/complaints' })).statusCode).toBe(401);
  });

  it('asks for a subject, then a message, with the popup texts', async () => {
    expect((await file({ subject: '   ', message: 'x', captcha: 'x' }, { bearer: recruiter.token })).json()).toEqual(
      errorBody('Subject is required'),
    );
    const noMessage = await file({ subject: 'Hello', message: '', captcha: 'x' }, { bearer: recruiter.token });
    expect(noMessage.statusCode).toBe(400);
    expect(noMessage.json()).toEqual(errorBody('Message is required'));
  });

  it('refuses an attachment link that is not an unclaimed complaint image of this system', async () => {
    const recruiter = await loginAs(server.app, server.db, 'RECRUITER');
    const before = (await asAdmin('/api/admin/complaints')).json().total;
    const resume = (
      await server.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload: (() => {
          const body = new FormData();
          body.append('kind', 'resume');
          body.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))]), 'cv.pdf');
          return body;
        })(),
      })
    ).json().id;
    const claimed = await uploadImage();
    expect(
      (await file({ subject: 'a', message: 'b', attachmentLink: `/api/uploads/${claimed}/image` }, { bearer: recruiter.token })).statusCode,
    ).toBe(200);
    for (const attachmentLink of [
      'https://evil.example.com/x.png',
      'javascript:alert(1)',
      `/api/uploads/${resume}/image`,
      `/api/uploads/${claimed}/image`,
      '/api/uploads/00000000-0000-4000-8000-000000000000/image',
    ]) {
      const response = await file({ subject: 'a', message: 'b', attachmentLink }, { bearer: recruiter.token });
      expect(response.statusCode, attachmentLink).toBe(400);
      expect(response.json().error).toMatch(/attachment/);
    }
    expect((await asAdmin('/api/admin/complaints')).json().total).toBe(before + 1);
  });

  it('does not let an ADMIN file a complaint, nor anyone without a session', async () => {
    const asAdminPost = await file({ subject: 'a', message: 'b' }, { cookie: admin.token });
    expect(asAdminPost.statusCode).toBe(403);
    expect(asAdminPost.json().error).toEqual(expect.any(String));
    const anonymous = await file({ subject: 'a', message: 'b' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(errorBody('Please log in to continue.'));
  });

  it('keeps the admin list and detail to ADMIN', async () => {
    for (const url of ['/api/admin/complaints', '/api/admin/complaints/00000000-0000-4000-8000-000000000000']) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await server.app.inject({ method: 'GET', url, cookies: { jwt_token: recruiter.token } })).statusCode).toBe(403);
    }
    expect((await asAdmin('/api/admin/complaints/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe.each(databaseKinds)('complaint captcha on %s', (kind) => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'altcha', outboxIntervalMs: 0 } });
  });
  afterAll(() => server.close());

  it('asks for the captcha when none is sent', async () => {
    const user = await loginAs(server.app, server.db, 'HIRING_MANAGER');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/users/complaints',
      payload: { subject: 'Invoice', message: 'Wrong GST number on the invoice.' },
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody('Please verify the captcha'));
    expect((await server.db.query('select id from complaints')).length).toBe(0);
  });
});
