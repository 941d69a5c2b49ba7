import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { publishedJob } from '../support/published-job';
import { CROSS_ORIGIN_MESSAGE, UNSAFE_TEXT_MESSAGE } from '../../src/server/http/request-guards';
import { ACK_TEXT_LIMIT } from '../../src/server/forms/visitor-text';
import { errorBody } from '../../src/server/http/error-reply';
import { defined, first } from '../support/present';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Session = Awaited<ReturnType<typeof loginAs>>;

/** A GET with the path sent byte for byte, as an attacker's link would (app.inject would normalise backslashes). */
function get(base: string, path: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/`, { path }, (response) => {
      response.resume();
      resolve({ status: response.statusCode!, location: response.headers.location });
    });
    req.on('error', reject).end();
  });
}

describe('redirects only ever to a path of this host', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = await startTestServer();
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server.close());

  const offSite = [
    '//evil.example/',
    '///evil.example/',
    '/\\evil.example/',
    '/\\\\evil.example/',
    '/%2F%2Fevil.example/',
    '/%2f/evil.example/',
    '/%5Cevil.example/',
    '/%5C%5Cevil.example/',
    '/%09/evil.example/',
    '//evil.example/?next=/',
    '//evil.example//',
  ];

  it.each(offSite)('%s stays here', async (url) => {
    const response = await get(base, url);
    if (response.status === 404) return;
    expect(response.status).toBe(301);
    const location = String(response.location);
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(decodeURIComponent(location)).not.toMatch(/^[/\\\s]{2}/);
    expect(new URL(location, 'https://hireframe.in').host).toBe('hireframe.in');
  });

  it('still drops a trailing slash from a page of the site', async () => {
    expect(await get(base, '/about/?ref=x')).toEqual({ status: 301, location: '/about?ref=x' });
  });
});

describe.each(databaseKinds)('hostile requests on %s', (kind) => {
  let server: Server;
  let admin: Session;
  let recruiter: Session;
  let jobId: string;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1e6 } });
    admin = await loginAs(server.app, server.db, 'ADMIN');
    recruiter = await loginAs(server.app, server.db, 'RECRUITER', { city: 'Surat' });
    jobId = await publishedJob(server.app, admin.cookies);
  });
  afterAll(() => server.close());

  const count = async (table: string) =>
    Number(first(await server.db.query<{ n: number }>(`select count(*)::int as n from ${table}`), 'a count row').n);
  /** A JSON body sent as written, so escapes such as \ud800 reach the server as the client wrote them. */
  const raw = (method: 'POST' | 'PATCH', url: string, json: string, cookies: Record<string, string> = {}) =>
    server.app.inject({ method, url, payload: json, headers: { 'content-type': 'application/json' }, cookies });
  const consultation = { name: 'Asha Rao', email: 'asha@example.com', contact: '9876543210', lookingFor: 'Candidate' };

  describe('NUL bytes and lone surrogates', () => {
    const bad = ['\\u0000', 'Asha\\u0000Rao', '\\ud800', 'Asha \\udfff', 'x\\ud83d'];

    it.each(bad)('a form field holding "%s" is refused with its name, and nothing is stored', async (text) => {
      const before = await count('submissions');
      const json = `{"page":"/it-recruitment","captcha":"x","data":{"name":"${text}","email":"asha@example.com","contact":"9876543210","lookingFor":"Candidate"}}`;
      const response = await raw('POST', '/api/forms/consultation', json);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual(errorBody(UNSAFE_TEXT_MESSAGE, [{ field: 'name', message: UNSAFE_TEXT_MESSAGE }]));
      expect(await count('submissions')).toBe(before);
    });

    it('refuses them in keys, nested values, the page and alongside good fields', async () => {
      const cases: [string, string][] = [
        ['{"page":"/it-recruitment","data":{"n\\u0000":"x"}}', 'data'],
        ['{"page":"/it-recruitment\\u0000","data":{}}', 'page'],
        ['{"page":"/it-recruitment","data":{"name":{"deep":["ok","\\ud800"]}}}', 'name.deep.1'],
      ];
      for (const [json, field] of cases) {
        const response = await raw('POST', '/api/forms/consultation', json);
        expect(response.statusCode, json).toBe(400);
        expect(response.json().errors[0].field, json).toBe(field);
      }
      // A well-formed pair is text like any other.
      const emoji = await raw(
        'POST',
        '/api/forms/consultation',
        JSON.stringify({ page: '/it-recruitment', captcha: 'x', data: { ...consultation, name: 'Asha 😀' } }),
      );
      expect(emoji.statusCode, emoji.body).toBe(201);
    });

    it('refuses them in a job application', async () => {
      const before = await count('job_applications');
      const response = await raw(
        'POST',
        `/api/jobs/public/${jobId}/applications`,
        '{"captcha":"x","data":{"name":"Ravi\\u0000","email":"ravi@example.com","phone":"9876543210"}}',
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors[0]).toEqual({ field: 'name', message: UNSAFE_TEXT_MESSAGE });
      expect(await count('job_applications')).toBe(before);
    });

    it('refuses them in portal bodies: complaints, users, blogs', async () => {
      const cases: [string, string, Session, string][] = [
        ['/api/users/complaints', '{"subject":"Late\\u0000","message":"Payment is late"}', recruiter, 'subject'],
        ['/api/users/complaints', '{"subject":"Late","message":"\\udc00"}', recruiter, 'message'],
        ['/api/admin/users', '{"username":"nul\\u0000user","role":"BDE"}', admin, 'username'],
        ['/api/blogs', '{"title":"Tips\\ud800","markdown":"# Tips","publish":false}', admin, 'title'],
      ];
      for (const [url, json, who, field] of cases) {
        const response = await raw('POST', url, json, who.cookies);
        expect(response.statusCode, `${url} ${response.body}`).toBe(400);
        expect(response.json().errors[0], url).toEqual({ field, message: UNSAFE_TEXT_MESSAGE });
      }
      expect(await count('complaints')).toBe(0);
    });

    it('refuses them in query strings and path parameters', async () => {
      const query = await server.app.inject({ method: 'GET', url: '/api/jobs/public?location=Pune%00' });
      expect(query.statusCode).toBe(400);
      expect(query.json().errors[0].field).toBe('location');
      const path = await server.app.inject({ method: 'GET', url: '/api/blogs/tips%00' });
      expect(path.statusCode).toBe(400);
    });
  });

  describe('requests another site can make', () => {
    const resetPassword = (headers: Record<string, string>, payload?: string) =>
      server.app.inject({ method: 'POST', url: `/api/admin/users/${recruiter.id}/password`, cookies: admin.cookies, headers, payload });
    const recruiterCanLogIn = async () =>
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: recruiter.username, password: recruiter.password },
        })
      ).statusCode === 200;

    it('a text/plain, urlencoded or body-less POST changes nothing (415)', async () => {
      expect((await resetPassword({ 'content-type': 'text/plain' }, '')).statusCode).toBe(415);
      expect((await resetPassword({ 'content-type': 'text/plain' }, '{"password":"x"}')).statusCode).toBe(415);
      expect((await resetPassword({ 'content-type': 'application/x-www-form-urlencoded' }, 'a=b')).statusCode).toBe(415);
      expect((await resetPassword({})).statusCode).toBe(415);
      expect(await recruiterCanLogIn()).toBe(true);
    });

    it('a request with another Origin or a cross-site fetch is refused with 403 and says why', async () => {
      for (const headers of <Record<string, string>[]>[
        { origin: 'http://evil.example' },
        { origin: 'http://localhost:8080' },
        { origin: 'null' },
        { 'sec-fetch-site': 'same-site' },
        { 'sec-fetch-site': 'cross-site', origin: 'http://localhost' },
      ]) {
        const response = await resetPassword({ ...headers, 'content-type': 'application/json' }, '{}');
        expect(response.statusCode, JSON.stringify(headers)).toBe(403);
        expect(response.json()).toEqual(errorBody(CROSS_ORIGIN_MESSAGE));
      }
      expect(await recruiterCanLogIn()).toBe(true);
    });

    it('our own page, sending JSON, still works', async () => {
      const response = await resetPassword(
        { origin: 'http://localhost', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
        '{}',
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().temporaryPassword).toEqual(expect.any(String));
      expect(await recruiterCanLogIn()).toBe(false);
    });

    it('uploads take multipart only, and JSON routes refuse multipart', async () => {
      const json = await server.app.inject({ method: 'POST', url: '/api/uploads', payload: { kind: 'resume' } });
      expect(json.statusCode).toBe(415);
      const form = new FormData();
      form.append('page', '/it-recruitment');
      const multipart = await server.app.inject({ method: 'POST', url: '/api/forms/consultation', payload: form });
      expect(multipart.statusCode).toBe(415);
    });
  });

  describe('acknowledgements to whatever address was typed', () => {
    const outbox = async (kind: string) =>
      first(
        await server.db.query<{ payload: { subject: string; text: string; html: string; to: string[] } }>(
          'select payload from outbox where kind = $1 order by created_at desc, id desc limit 1',
          [kind],
        ),
        `an outbox row of kind ${kind}`,
      ).payload;

    it('quote the name short and link-free; the staff notification keeps every word', async () => {
      const name = `Win\u202e http://phish.example/x evil.example www.x.in ${'A'.repeat(40)}`;
      const description = 'Looking for a job in textiles, see https://portfolio.example/me';
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/forms/city-lead',
        payload: {
          page: '/franchise/surat',
          captcha: 'x',
          data: { name, phone: '9876543210', email: 'victim@example.com', description, type: 'student' },
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      const ack = await outbox('ack');
      expect(ack.to).toEqual(['victim@example.com']);
      const greeting = /^Hi (.*), thank you for reaching out to Hireframe in Surat\. We have received your details as a Student/.exec(
        ack.text,
      );
      expect(greeting, ack.text).not.toBeNull();
      expect(Array.from(defined(greeting![1], 'the name in the greeting')).length).toBeLessThanOrEqual(ACK_TEXT_LIMIT);
      // The only link is the site's own withdraw link, built from PUBLIC_URL.
      const ownLink = new RegExp(`${server.app.config.publicUrl}/unsubscribe\\?token=[\\w-]+`, 'g');
      for (const text of [ack.text, ack.html, ack.subject].map((t) => t.replace(ownLink, ''))) {
        expect(text).not.toMatch(/phish|evil\.example|www\.|http|\u202e/);
        expect(text).not.toContain('portfolio');
      }
      const notification = await outbox('email');
      expect(notification.text).toContain(name);
      expect(notification.text).toContain(description);
    });

    it('greet a name that was all link as "there", and keep a plain name whole', async () => {
      const send = (name: string) =>
        server.app.inject({
          method: 'POST',
          url: '/api/forms/city-lead',
          payload: {
            page: '/franchise/surat',
            captcha: 'x',
            data: { name, phone: '9876543210', email: 'meera@example.com', description: 'Hiring', type: 'employer' },
          },
        });
      expect((await send('https://phish.example')).statusCode).toBe(201);
      expect((await outbox('ack')).text).toMatch(/^Hi there, /);
      expect((await send('Meera Patel')).statusCode).toBe(201);
      expect((await outbox('ack')).html).toContain('Hi Meera Patel, thank you for reaching out to Hireframe in Surat.');
    });
  });

  describe('headers', () => {
    it('HSTS only over https', async () => {
      const plain = await server.app.inject({ method: 'GET', url: '/api/captcha/config' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const tls = await server.app.inject({ method: 'GET', url: '/api/captcha/config', headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });

    it('no-store on API answers but public ones whose route chose caching', async () => {
      for (const url of ['/api/auth/me', '/api/admin/users', '/api/leads', '/api/nope']) {
        const response = await server.app.inject({ method: 'GET', url, cookies: admin.cookies });
        expect(response.headers['cache-control'], url).toBe('no-store');
      }
      const anonymous = await server.app.inject({ method: 'GET', url: '/api/auth/me' });
      expect(anonymous.headers['cache-control']).toBe('no-store');
      const refused = await server.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: admin.cookies });
      expect(refused.headers['cache-control']).toBe('no-store');
      const team = await server.app.inject({ method: 'GET', url: '/api/team', cookies: admin.cookies });
      expect(team.headers['cache-control']).toBe('no-cache');
    });
  });
});
