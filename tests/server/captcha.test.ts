import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Challenge } from 'altcha-lib/types';
import { databaseKinds, startTestServer } from '../support/test-server';
import { altchaKey, altchaSecrets, issueChallenge } from '../../src/server/captcha/altcha';
import { errorBody } from '../../src/server/http/error-reply';
import { first } from '../support/present';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const consultation = {
  page: '/it-recruitment',
  data: { name: 'Asha', email: 'asha@example.com', contact: '9876543210', lookingFor: 'Job' },
};
const refused = errorBody('Please verify the captcha', [{ field: 'captcha', message: 'Please verify the captcha' }]);

/** What the widget sends: base64 of the challenge it was given and the solution it found. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}

async function countSubmissions(server: TestServer) {
  return first(await server.db.query<{ n: number }>('select count(*)::int as n from submissions'), 'a count row').n;
}

describe.each(databaseKinds)('ALTCHA on %s', (kind) => {
  let server: TestServer;
  const submit = (captcha?: string) =>
    server.app.inject({ method: 'POST', url: '/api/forms/consultation', payload: { ...consultation, captcha } });
  const fetchChallenge = async () => (await server.app.inject({ method: 'GET', url: '/api/captcha/challenge' })).json() as Challenge;

  beforeAll(async () => {
    server = await startTestServer({ site: false, kind, config: { captcha: 'altcha', formsPerMinute: 1000 } });
  });
  afterAll(() => server.close());
  afterEach(() => vi.useRealTimers());

  it('tells the browser to use ALTCHA', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/captcha/config' });
    expect(response.json()).toEqual({ mode: 'altcha' });
  });

  it('serves a fresh signed challenge that expires in about ten minutes, never cached', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json() as Challenge;
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', keyLength: 32 });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt! * 1000 - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(challenge.parameters.expiresAt! * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect((await fetchChallenge()).signature).not.toBe(challenge.signature);
  });

  it('stores a submission with a solved challenge once, and refuses the same solution again', async () => {
    const before = await countSubmissions(server);
    const payload = await solve(await fetchChallenge());
    const first = await submit(payload);
    expect(first.statusCode, first.body).toBe(201);
    const again = await submit(payload);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(refused);
    expect(await countSubmissions(server)).toBe(before + 1);
  });

  it('refuses a missing, forged or garbage captcha and stores nothing', async () => {
    const before = await countSubmissions(server);
    const challenge = await fetchChallenge();
    const solved = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString()) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const attempts = {
      missing: undefined,
      garbage: 'not a captcha',
      'garbage base64': encode({ hello: 'world' }),
      'widget test mode': encode({ challenge: null, solution: null, test: true }),
      'wrong solution': encode({
        ...solved,
        solution: { ...solved.solution, counter: solved.solution.counter + 1, derivedKey: '00'.repeat(32) },
      }),
      'cheaper parameters': encode({
        ...solved,
        challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, cost: 1 } },
      }),
      'forged signature': encode({ ...solved, challenge: { ...solved.challenge, signature: 'f'.repeat(64) } }),
      'no expiry': encode({
        ...solved,
        challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, expiresAt: undefined } },
      }),
    };
    for (const [name, captcha] of Object.entries(attempts)) {
      const response = await submit(captcha);
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual(refused);
    }
    // A challenge signed with another key.
    const foreign = await solve(await issueChallenge(altchaSecrets('another key')));
    expect((await submit(foreign)).json()).toEqual(refused);
    expect(await countSubmissions(server)).toBe(before);
  });

  it('refuses an expired challenge and stores nothing', async () => {
    const before = await countSubmissions(server);
    // Signed with the server's own key, but expired a minute ago.
    const secrets = altchaSecrets(await altchaKey(server.db, undefined));
    const expired = await solve(await issueChallenge(secrets, new Date(Date.now() - 60_000)));
    expect((await submit(expired)).json()).toEqual(refused);
    // A challenge the server handed out, solved, then sent after its ten minutes.
    const late = await solve(await fetchChallenge());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 5_000);
    const response = await submit(late);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused);
    expect(await countSubmissions(server)).toBe(before);
  });

  it('keeps one signing key in the database for every process', async () => {
    const rows = await server.db.query<{ value: string }>("select value from settings where name = 'altcha_hmac_key'");
    expect(rows).toHaveLength(1);
    expect(await altchaKey(server.db, undefined)).toBe(first(rows, 'the signing key row').value);
  });
});

describe('ALTCHA_HMAC_KEY', () => {
  it('signs with the key from the environment instead of a generated one', async () => {
    const server = await startTestServer({ site: false, config: { captcha: 'altcha', env: { ALTCHA_HMAC_KEY: 'from-the-environment' } } });
    try {
      const payload = await solve(await issueChallenge(altchaSecrets('from-the-environment')));
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/forms/consultation',
        payload: { ...consultation, captcha: payload },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(await server.db.query("select 1 from settings where name = 'altcha_hmac_key'")).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});

describe('reCAPTCHA', () => {
  // Google's siteverify cannot be reached offline, so a local stand-in plays it: the boundary is the HTTP call.
  let siteverify: Server;
  const received: URLSearchParams[] = [];
  let server: TestServer;

  beforeAll(async () => {
    siteverify = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        received.push(form);
        const success =
          request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') &&
          form.get('secret') === 'test-secret' &&
          form.get('response') === 'good';
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(success ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }));
      });
    });
    await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
    const { port } = siteverify.address() as AddressInfo;
    server = await startTestServer({
      site: false,
      config: {
        captcha: 'recaptcha',
        formsPerMinute: 1000,
        recaptcha: { siteKey: 'test-site-key', secret: 'test-secret', verifyUrl: `http://127.0.0.1:${port}/recaptcha/api/siteverify` },
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => siteverify.close(resolve));
  });

  const submit = (captcha?: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/forms/consultation',
      payload: { ...consultation, captcha },
      remoteAddress: '203.0.113.7',
    });

  it('gives the browser the site key and no ALTCHA challenges', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/captcha/config' })).json()).toEqual({
      mode: 'recaptcha',
      siteKey: 'test-site-key',
    });
    expect((await server.app.inject({ method: 'GET', url: '/api/captcha/challenge' })).statusCode).toBe(404);
  });

  it('stores a submission Google vouches for, once', async () => {
    const response = await submit('good');
    expect(response.statusCode, response.body).toBe(201);
    expect(Object.fromEntries(received.at(-1)!)).toEqual({ secret: 'test-secret', response: 'good', remoteip: '203.0.113.7' });
    expect((await submit('good')).json()).toEqual(refused);
    expect(await countSubmissions(server)).toBe(1);
  });

  it('refuses a token Google rejects, or none, and stores nothing', async () => {
    const before = await countSubmissions(server);
    for (const captcha of ['bad', undefined]) {
      const response = await submit(captcha);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refused);
    }
    expect(await countSubmissions(server)).toBe(before);
  });
});
