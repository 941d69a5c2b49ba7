import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/database';
import { createUser, ROLES } from '../auth/users';
import { hashPassword, isStrongEnough, PASSWORD_RULE } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import { iso } from './http';

// No 0/O, 1/l/I: a temporary password is read off a screen and typed in by someone else.
const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 14 characters from 57: about 82 bits, shown to the admin once and never stored in the clear. */
export function temporaryPassword(): string {
  return Array.from({ length: 14 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

export const USERNAME_PATTERN = '^[a-z0-9._-]{3,40}$';

export interface AccountRow {
  id: string;
  username: string;
  full_name: string | null;
  email: string | null;
  role: string;
  city: string | null;
  active: boolean;
  created_at: Date;
  last_login_at: Date | null;
}

export function toAccount(row: AccountRow) {
  return {
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    email: row.email,
    role: row.role,
    city: row.city,
    active: row.active,
    createdAt: iso(row.created_at)!,
    lastLoginAt: iso(row.last_login_at),
  };
}

export type Account = ReturnType<typeof toAccount>;

const select = `select u.id, u.username, u.full_name, u.email, u.role, u.city, u.active, u.created_at,
                       (select max(s.created_at) from sessions s where s.user_id = u.id) as last_login_at
                  from users u`;

export async function listAccounts(db: Queryable, options: { search?: string; role?: string; page: number; pageSize: number }) {
  const where = `where ($1::text is null or u.username ilike $1 or u.full_name ilike $1 or u.email ilike $1) and ($2::text is null or u.role = $2)`;
  const params = [options.search?.trim() ? `%${escapeLike(options.search.trim())}%` : null, options.role ?? null];
  const rows = await db.query<AccountRow>(`${select} ${where} order by u.active desc, u.role, u.username limit $3 offset $4`, [
    ...params,
    options.pageSize,
    (options.page - 1) * options.pageSize,
  ]);
  const [{ total }] = await db.query<{ total: number }>(`select count(*)::int as total from users u ${where}`, params);
  return { users: rows.map(toAccount), total, page: options.page, pageSize: options.pageSize, roles: [...ROLES] };
}

export async function getAccount(db: Queryable, id: string): Promise<Account | undefined> {
  const [row] = await db.query<AccountRow>(`${select} where u.id = $1`, [id]);
  return row && toAccount(row);
}

/** PostgreSQL's unique_violation: someone else took the name between the check and the insert. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

/** `%` and `_` typed into a search box are meant literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface AccountInput {
  username: string;
  role: string;
  fullName?: string | null;
  email?: string | null;
  city?: string | null;
  password?: string;
}

export type AccountResult = { ok: true; id: string; temporaryPassword?: string } | { ok: false; code: 400 | 409; error: string };

/** What is wrong with a role and city pair, if anything: an FBDE works one franchise city. */
export function roleProblem(role: string, city: string | null | undefined): string | undefined {
  if (!(ROLES as readonly string[]).includes(role)) return `Choose one of the roles: ${ROLES.join(', ')}.`;
  if (role === 'FBDE' && !city?.trim()) return 'An FBDE works a franchise city: choose the city.';
  return undefined;
}

/** A new account; without a password one is generated and answered once. */
export async function createAccount(db: Queryable, input: AccountInput): Promise<AccountResult> {
  const username = input.username.trim().toLowerCase();
  if (!new RegExp(USERNAME_PATTERN).test(username)) {
    return { ok: false, code: 400, error: 'Usernames are 3-40 lowercase letters, digits, dots, hyphens or underscores.' };
  }
  const problem = roleProblem(input.role, input.city);
  if (problem) return { ok: false, code: 400, error: problem };
  if (input.password !== undefined && !isStrongEnough(input.password)) return { ok: false, code: 400, error: `That password is too short. ${PASSWORD_RULE}` };
  const taken = await db.query('select 1 from users where username = $1', [username]);
  if (taken.length) return { ok: false, code: 409, error: `The username ${username} is taken.` };
  const generated = input.password === undefined ? temporaryPassword() : undefined;
  try {
    const { id } = await createUser(db, {
      username,
      password: input.password ?? generated!,
      role: input.role,
      fullName: input.fullName?.trim() || undefined,
      email: input.email?.trim() || undefined,
      city: input.city?.trim() || undefined,
    });
    return { ok: true, id, temporaryPassword: generated };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, code: 409, error: `The username ${username} is taken.` };
    throw error;
  }
}

/** Sets a new password (given, or generated and answered once) and ends the user's sessions. */
export async function resetPassword(db: Queryable, id: string, password?: string): Promise<{ ok: true; temporaryPassword?: string } | { ok: false; error: string }> {
  if (password !== undefined && !isStrongEnough(password)) return { ok: false, error: `That password is too short. ${PASSWORD_RULE}` };
  const generated = password === undefined ? temporaryPassword() : undefined;
  await db.query('update users set password_hash = $2 where id = $1', [id, await hashPassword(password ?? generated!)]);
  await revokeUserSessions(db, id);
  return { ok: true, temporaryPassword: generated };
}

export interface AccountChanges {
  role?: string;
  active?: boolean;
  fullName?: string | null;
  email?: string | null;
  city?: string | null;
}

const columns: Record<keyof AccountChanges, string> = { role: 'role', active: 'active', fullName: 'full_name', email: 'email', city: 'city' };

/**
 * Changes an account. A new role or a deactivation ends the user's sessions, so the change holds at once; an admin
 * cannot lock themself out this way.
 */
export async function updateAccount(
  db: Queryable,
  actorId: string,
  id: string,
  changes: AccountChanges,
): Promise<{ ok: true; account: Account; changed: string[] } | { ok: false; code: 400 | 404; error: string }> {
  const current = await getAccount(db, id);
  if (!current) return { ok: false, code: 404, error: 'There is no such user.' };
  const text = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);
  const next = { role: changes.role, active: changes.active, fullName: text(changes.fullName), email: text(changes.email), city: text(changes.city) };
  const changed = (Object.keys(next) as (keyof AccountChanges)[]).filter((key) => next[key] !== undefined && next[key] !== current[key]);
  if (id === actorId && changed.includes('active')) return { ok: false, code: 400, error: 'You cannot deactivate your own account.' };
  if (id === actorId && changed.includes('role')) return { ok: false, code: 400, error: 'You cannot change your own role.' };
  const problem = roleProblem(next.role ?? current.role, next.city === undefined ? current.city : next.city);
  if (problem && (changed.includes('role') || changed.includes('city'))) return { ok: false, code: 400, error: problem };
  if (changed.length) {
    const sets = changed.map((key, i) => `${columns[key]} = $${i + 2}`);
    await db.query(`update users set ${sets.join(', ')} where id = $1`, [id, ...changed.map((key) => next[key])]);
  }
  if (changed.includes('role') || (changed.includes('active') && next.active === false)) await revokeUserSessions(db, id);
  return { ok: true, account: (await getAccount(db, id))!, changed };
}
