import { createHash, randomBytes } from 'node:crypto';
import { queryOne, type Queryable } from '../db/database';
import type { SessionUser as SessionUserReply } from '../../shared/api/auth';

export const SESSION_HOURS = 12;

/** The signed-in user as the API answers it, and what the descriptive session cookies carry besides. */
export interface SessionUser extends SessionUserReply {
  hiringFor: string | null;
  hmType: string | null;
}

/** The columns of a user that the API shows. */
export interface UserRow {
  id: string;
  username: string;
  full_name: string | null;
  email: string | null;
  role: string;
  city: string | null;
}

/** Those columns as the API names them. */
export const userFields = (row: UserRow) => ({
  id: row.id,
  username: row.username,
  fullName: row.full_name,
  email: row.email,
  role: row.role,
  city: row.city,
});

/** What a login checks: the account's password hash and whether it is active. */
export async function loginAccount(db: Queryable, username: string) {
  const [row] = await db.query<{ id: string; password_hash: string; active: boolean }>(
    'select id, password_hash, active from users where username = $1',
    [username],
  );
  return row as typeof row | undefined;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new session: the token goes to the browser once; only its hash is stored. */
export async function createSession(db: Queryable, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const row = await queryOne<{ expires_at: Date }>(
    db,
    `insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + make_interval(hours => $3)) returning expires_at`,
    [hashToken(token), userId, SESSION_HOURS],
  );
  return { token, expiresAt: new Date(row.expires_at) };
}

/** The active user behind a token: the session not expired nor revoked, the account not deactivated. */
export async function userForToken(db: Queryable, token: string): Promise<(SessionUser & { sessionId: string }) | null> {
  const [row] = await db.query<UserRow & { session_id: string; hiring_for: string | null; hm_type: string | null }>(
    `select s.id as session_id, u.id, u.username, u.full_name, u.email, u.role, u.city, u.hiring_for, u.hm_type
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.active`,
    [hashToken(token)],
  );
  if (!row) return null;
  return {
    sessionId: row.session_id,
    ...userFields(row),
    hiringFor: row.hiring_for,
    hmType: row.hm_type,
  };
}

export async function revokeSession(db: Queryable, sessionId: string) {
  await db.query('update sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
}

/** Ends every session of a user: on deactivation, a role change or a password reset. */
export async function revokeUserSessions(db: Queryable, userId: string) {
  await db.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
}
