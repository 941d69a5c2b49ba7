import type { FastifyInstance } from 'fastify';
import { createUser, type NewUser } from '../../src/server/users/store';
import type { Database } from '../../src/server/db/database';

let counter = 0;

/** A new user of the given role, logged in: its cookies for app.inject and its id. */
export async function loginAs(app: FastifyInstance, db: Database, role: string, extra: Partial<NewUser> = {}) {
  const username = extra.username ?? `${role.toLowerCase().replace(/_/g, '-')}.${++counter}.${Date.now() % 100000}`;
  const password = 'correct horse battery';
  const { id } = await createUser(db, { username, password, role, ...extra });
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    headers: { 'x-forwarded-for': `10.0.${counter % 250}.${(counter * 7) % 250}` },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
  return { id, username, password, cookies, token: sessionToken(response) };
}

/** The jwt_token cookie a login answer sets, or a thrown error listing the cookies it did set. */
export function sessionToken(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === 'jwt_token');
  if (!cookie)
    throw new Error(`Expected the login to set a jwt_token cookie; it set: ${response.cookies.map((c) => c.name).join(', ') || 'none'}.`);
  return cookie.value;
}
