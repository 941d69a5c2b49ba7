import { queryOne, type Database, type Queryable } from '../db/database';
import type { SortKey } from '../db/keyset';
import { listPage, typedSearch } from '../lists/list-page';
import { SqlParams } from '../db/sql-params';
import { iso } from '../db/sql-values';
import { indiaDateOf } from '../../shared/india-time';
import type { Account, AccountQuery } from '../../shared/api/users';
import { hashPassword } from '../auth/passwords';
import { revokeUserSessions, userFields, type UserRow } from '../auth/store';

export interface NewUser {
  username: string;
  password: string;
  role: string;
  fullName?: string;
  email?: string;
  city?: string;
  hiringFor?: string;
  hmType?: string;
}

export async function createUser(db: Queryable, user: NewUser): Promise<{ id: string }> {
  const row = await queryOne<{ id: string }>(
    db,
    `insert into users (username, password_hash, role, full_name, email, city, hiring_for, hm_type)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      user.username.toLowerCase(),
      await hashPassword(user.password),
      user.role,
      user.fullName ?? null,
      user.email ?? null,
      user.city ?? null,
      user.hiringFor ?? null,
      user.hmType ?? null,
    ],
  );
  return row;
}

export async function usernameTaken(db: Queryable, username: string): Promise<boolean> {
  return (await db.query('select 1 from users where username = $1', [username.toLowerCase()])).length > 0;
}

interface AccountRow extends UserRow {
  active: boolean;
  away_until: Date | null;
  created_at: Date;
  last_login_at: Date | null;
}

const toAccount = (row: AccountRow): Account => ({
  ...userFields(row),
  active: row.active,
  // Stored as the instant they are back (the end of their last day away); answered as that last day, while ahead.
  awayUntil: row.away_until && row.away_until.getTime() > Date.now() ? indiaDateOf(new Date(row.away_until.getTime() - 1)) : null,
  createdAt: iso(row.created_at),
  lastLoginAt: iso(row.last_login_at),
});

const select = `select u.id, u.username, u.full_name, u.email, u.role, u.city, u.active, u.away_until, u.created_at,
                       (select max(s.created_at) from sessions s where s.user_id = u.id) as last_login_at
                  from users u`;

/** Active accounts first, then by role and username, as the admin scans them; the id ends the order as keyset paging needs. */
const listOrder: SortKey[] = ['(not u.active)', 'u.role', 'u.username', 'u.id'].map((sql) => ({ sql, direction: 'asc' }));

export async function listAccounts(db: Database, options: AccountQuery) {
  const p = new SqlParams();
  const where = options.role ? `u.role = ${p.add(options.role)}` : 'true';
  // Username, name and email, lower-cased in users.search_text (migration 006).
  const searches = typedSearch('u.search_text', 'search', options.search);
  const { rows, ...paging } = await listPage<AccountRow>(
    db,
    { select, countFrom: 'from users u', where, params: p, order: listOrder, searches },
    options,
  );
  return { users: rows.map(toAccount), ...paging };
}

export async function getAccount(db: Queryable, id: string): Promise<Account | undefined> {
  const [row] = await db.query<AccountRow>(`${select} where u.id = $1`, [id]);
  return row && toAccount(row);
}

/** The columns an admin may change, by their name in the API. */
export interface AccountColumns {
  role?: string;
  active?: boolean;
  fullName?: string | null;
  email?: string | null;
  city?: string | null;
  /** The instant they are back. */
  awayUntil?: Date | null;
}

const columns: Record<keyof AccountColumns, string> = {
  role: 'role',
  active: 'active',
  fullName: 'full_name',
  email: 'email',
  city: 'city',
  awayUntil: 'away_until',
};

export async function updateAccountColumns(db: Queryable, id: string, values: AccountColumns) {
  const keys = (Object.keys(values) as (keyof AccountColumns)[]).filter((key) => values[key] !== undefined);
  if (!keys.length) return;
  const sets = keys.map((key, i) => `${columns[key]} = $${i + 2}`);
  await db.query(`update users set ${sets.join(', ')} where id = $1`, [id, ...keys.map((key) => values[key])]);
}

/** Sets a password and ends the user's sessions. */
export async function setPassword(db: Queryable, id: string, password: string) {
  await db.query('update users set password_hash = $2 where id = $1', [id, await hashPassword(password)]);
  await revokeUserSessions(db, id);
}
