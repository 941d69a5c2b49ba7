import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/users/store';
import { databaseKinds, startTestServer } from '../support/test-server';
import { errorBody } from '../../src/server/http/error-reply';
import { sessionToken } from '../support/sessions';
import { defined } from '../support/present';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe.each(databaseKinds)('accounts on %s', (kind) => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0 } });
    await createUser(server.db, {
      username: 'asha',
      password: 'correct horse battery',
      role: 'ADMIN',
      email: 'asha@hireframe.in',
      fullName: 'Asha Rao',
    });
    await createUser(server.db, { username: 'gone', password: 'correct horse battery', role: 'BDE' });
    await server.db.query(`update users set active = false where username = 'gone'`);
  });
  afterAll(() => server.close());

  const login = (username: string, password: string) =>
    server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  const cookieJar = (response: Awaited<ReturnType<typeof login>>) => ({ jwt_token: sessionToken(response) });

  it('logs in with the seven session cookies; jwt_token is httpOnly and SameSite=Lax', async () => {
    const response = await login('Asha', 'correct horse battery');
    expect(response.statusCode).toBe(200);
    const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c]));
    expect(Object.keys(cookies).sort()).toEqual(['email', 'hiring_for', 'hm_type', 'jwt_token', 'role', 'user_details_id', 'username']);
    expect(cookies.jwt_token).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookies.role).toMatchObject({ value: 'ADMIN' });
    expect(defined(cookies.role, 'a role cookie').httpOnly).toBeFalsy();
    expect(defined(cookies.username, 'a username cookie').value).toBe('asha');
    expect(response.json().user).toMatchObject({ username: 'asha', role: 'ADMIN' });
  });

  it('marks jwt_token Secure when served over https', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'asha', password: 'correct horse battery' },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.cookies.find((c) => c.name === 'jwt_token')!.secure).toBe(true);
  });

  it('refuses a wrong password, an unknown user and a deactivated account with clear errors', async () => {
    expect((await login('asha', 'wrong password')).json()).toEqual(errorBody('The username or password is not correct.'));
    expect((await login('nobody', 'wrong password')).statusCode).toBe(401);
    expect((await login('gone', 'correct horse battery')).json().error).toContain('deactivated');
  });

  it('limits failed attempts on one account', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await login('limited.user', 'nope')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('accepts the session as a cookie or a bearer token, and logout ends it on the server', async () => {
    const jar = cookieJar(await login('asha', 'correct horse battery'));
    const me = await server.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { jwt_token: jar.jwt_token } });
    expect(me.json().user.username).toBe('asha');
    const bearer = await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${jar.jwt_token}` } });
    expect(bearer.statusCode).toBe(200);
    const out = await server.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {}, cookies: { jwt_token: jar.jwt_token } });
    expect(out.cookies.map((c) => [c.name, c.value]).sort()).toEqual(
      ['email', 'hiring_for', 'hm_type', 'jwt_token', 'role', 'user_details_id', 'username'].map((n) => [n, '']),
    );
    const after = await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${jar.jwt_token}` } });
    expect(after.statusCode).toBe(401);
  });

  it('ends the sessions of a deactivated user', async () => {
    await createUser(server.db, { username: 'leaving', password: 'correct horse battery', role: 'RECRUITER' });
    const jar = cookieJar(await login('leaving', 'correct horse battery'));
    await server.db.query(`update users set active = false where username = 'leaving'`);
    const me = await server.app.inject({ method: 'GET', url: '/api/auth/me', cookies: { jwt_token: jar.jwt_token } });
    expect(me.statusCode).toBe(401);
  });
});
