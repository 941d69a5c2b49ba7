import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/users/store';
import { backoffSeconds } from '../../src/server/auth/login-backoff';
import { databaseKinds, startTestServer } from '../support/test-server';
import { first } from '../support/present';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const PASSWORD = 'correct horse battery';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('login back-off', () => {
  it('waits 1 s, 2 s, 4 s ... after the allowed failures, up to the cap', () => {
    const policy = { after: 5, maxSeconds: 300 };
    expect([4, 5, 6, 7, 8, 13, 14, 40].map((failures) => backoffSeconds(failures, policy))).toEqual([0, 1, 2, 4, 8, 256, 300, 300]);
  });
});

// The tests run side by side, each on an account and addresses of its own: most of their time is back-off windows.
describe.concurrent.each(databaseKinds)('login back-off on %s', (kind) => {
  let server: Server;
  let counter = 0;
  beforeAll(async () => {
    server = await startTestServer({
      kind,
      site: false,
      config: { captcha: 'off', outboxIntervalMs: 0, loginBackoffAfter: 5, loginBackoffAfterPerAddress: 8, loginBackoffMaxSeconds: 3 },
    });
  });
  afterAll(() => server.close());

  /** A fresh account and a fresh address for each test, so no test inherits another's failures. */
  async function account() {
    const n = ++counter;
    const username = `user.${n}`;
    await createUser(server.db, { username, password: PASSWORD, role: 'BDE' });
    return { username, n, ip: `10.2.${n}.1` };
  }
  const login = (username: string, password: string, ip: string) =>
    server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, headers: { 'x-forwarded-for': ip } });
  const failTimes = async (n: number, username: string, ip: string) => {
    for (let i = 0; i < n; i++) expect((await login(username, 'wrong password', ip)).statusCode).toBe(401);
  };

  it('never counts successful logins', async () => {
    const { username, ip } = await account();
    for (let i = 0; i < 12; i++) expect((await login(username, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('lets the right password in once the back-off has passed, and a success clears the failures', async () => {
    const { username, ip } = await account();
    await failTimes(5, username, ip);
    const waiting = await login(username, PASSWORD, ip);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.json().error).toBe('Too many failed login attempts. Please try again in 1 second.');
    await sleep(1100);
    expect((await login(username, PASSWORD, ip)).statusCode).toBe(200);
    // Cleared: four more mistakes (from another address, whose own count this leaves alone) are again only mistakes.
    const elsewhere = ip.replace(/\.1$/, '.2');
    await failTimes(4, username, elsewhere);
    expect((await login(username, PASSWORD, elsewhere)).statusCode).toBe(200);
  });

  it('doubles the wait with each further failure, up to the cap, and counts no attempt made while waiting', async () => {
    const { username, ip } = await account();
    await failTimes(5, username, ip);
    const waits = [];
    for (const expected of [2, 3]) {
      await sleep(Number((await login(username, 'wrong password', ip)).headers['retry-after']) * 1000 + 100);
      expect((await login(username, 'wrong password', ip)).statusCode).toBe(401);
      const refused = await login(username, 'wrong password', ip);
      expect(refused.statusCode).toBe(429);
      waits.push(Number(refused.headers['retry-after']));
      expect(waits.at(-1)).toBe(expected);
    }
    // Attempts refused while waiting were not failures: still seven of them.
    const row = first(
      await server.db.query<{ failures: number }>('select failures from login_failures where key = $1', [`account:${username}`]),
      'the login failures row of the account',
    );
    expect(row.failures).toBe(7);
  });

  it('slows guessing on the account from any address', async () => {
    const { username, n } = await account();
    for (let i = 0; i < 5; i++) expect((await login(username, 'wrong password', `10.3.${n}.${i}`)).statusCode).toBe(401);
    expect((await login(username, PASSWORD, `10.3.${n}.99`)).statusCode).toBe(429);
  });

  it('slows guessing from one address over many accounts, unknown ones included, without holding back others', async () => {
    const { username, n, ip } = await account();
    for (let i = 0; i < 8; i++) expect((await login(`nobody.${n}.${i}`, 'guess', ip)).statusCode).toBe(401);
    expect((await login(username, PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(username, PASSWORD, `10.4.${n}.1`)).statusCode).toBe(200);
  });

  it('checks one attempt at a time during a back-off, so a burst gets one try', async () => {
    const { username, ip } = await account();
    await failTimes(5, username, ip);
    await sleep(1100);
    const burst = await Promise.all(Array.from({ length: 6 }, () => login(username, 'wrong password', ip)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429]);
  });

  it('forgets failures after a day', async () => {
    const { username, ip } = await account();
    await failTimes(5, username, ip);
    await server.db.query(
      `update login_failures set last_failed_at = now() - interval '25 hours', blocked_until = null where key in ($1, $2)`,
      [`account:${username}`, `address:${ip}`],
    );
    expect((await login(username, 'wrong password', ip)).statusCode).toBe(401);
    const row = first(
      await server.db.query<{ failures: number }>('select failures from login_failures where key = $1', [`account:${username}`]),
      'the login failures row of the account',
    );
    expect(row.failures).toBe(1);
  });
});
