import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/database';
import { isUniqueViolation } from '../db/db-errors';
import { httpErrors } from '@fastify/sensible';
import type { Account, AccountChanges, NewAccount } from '../../shared/api/users';
import { isFranchiseBde, isRole, ROLES } from '../../shared/roles';
import { isStrongEnough, PASSWORD_RULE } from '../auth/passwords';
import { revokeUserSessions } from '../auth/store';
import { endOfDay } from '../../shared/india-time';
import { createUser, getAccount, setPassword, updateAccountColumns, usernameTaken } from './store';

// No 0/O, 1/l/I: a temporary password is read off a screen and typed in by someone else.
const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 14 characters from 57: about 82 bits, shown to the admin once and never stored in the clear. */
export function temporaryPassword(): string {
  return Array.from({ length: 14 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

const USERNAME = /^[a-z0-9._-]{3,40}$/;

/** The username as stored (trimmed, lower case), or a 400 when it cannot be one. */
export function checkUsername(username: string): string {
  const name = username.trim().toLowerCase();
  if (!USERNAME.test(name)) throw httpErrors.badRequest('Usernames are 3-40 lowercase letters, digits, dots, hyphens or underscores.');
  return name;
}

export const usernameIsTaken = (username: string) => httpErrors.conflict(`The username ${username} is taken.`);

/** What is wrong with a role and city pair, if anything: an FBDE works one franchise city. */
function roleProblem(role: string, city: string | null | undefined): string | undefined {
  if (!isRole(role)) return `Choose one of the roles: ${ROLES.join(', ')}.`;
  if (isFranchiseBde(role) && !city?.trim()) return 'An FBDE works a franchise city: choose the city.';
  return undefined;
}

function checkPassword(password: string | undefined) {
  if (password !== undefined && !isStrongEnough(password)) throw httpErrors.badRequest(`That password is too short. ${PASSWORD_RULE}`);
}

/** A new account; without a password one is generated and answered once. */
export async function createAccount(db: Queryable, input: NewAccount): Promise<{ id: string; temporaryPassword?: string }> {
  const username = checkUsername(input.username);
  const problem = roleProblem(input.role, input.city);
  if (problem) throw httpErrors.badRequest(problem);
  checkPassword(input.password);
  if (await usernameTaken(db, username)) throw usernameIsTaken(username);
  const password = input.password ?? temporaryPassword();
  try {
    const { id } = await createUser(db, {
      username,
      password,
      role: input.role,
      fullName: input.fullName?.trim() || undefined,
      email: input.email?.trim() || undefined,
      city: input.city?.trim() || undefined,
    });
    return { id, temporaryPassword: input.password === undefined ? password : undefined };
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameIsTaken(username);
    throw error;
  }
}

/** Sets a new password (given, or generated and answered once) and ends the user's sessions. */
export async function resetPassword(db: Queryable, id: string, password?: string): Promise<{ temporaryPassword?: string }> {
  checkPassword(password);
  const chosen = password ?? temporaryPassword();
  await setPassword(db, id, chosen);
  return { temporaryPassword: password === undefined ? chosen : undefined };
}

/**
 * Changes an account. A new role or a deactivation ends the user's sessions, so the change holds at once; an admin
 * cannot lock themself out this way.
 */
export async function updateAccount(
  db: Queryable,
  actorId: string,
  id: string,
  changes: AccountChanges,
): Promise<{ account: Account; changed: string[] }> {
  const current = await getAccount(db, id);
  if (!current) throw httpErrors.notFound('There is no such user.');
  const text = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);
  const next = {
    role: changes.role,
    active: changes.active,
    fullName: text(changes.fullName),
    email: text(changes.email),
    city: text(changes.city),
    awayUntil: changes.awayUntil,
  };
  const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => next[key] !== undefined && next[key] !== current[key]);
  if (id === actorId && changed.includes('active')) throw httpErrors.badRequest('You cannot deactivate your own account.');
  if (id === actorId && changed.includes('role')) throw httpErrors.badRequest('You cannot change your own role.');
  const problem = roleProblem(next.role ?? current.role, next.city === undefined ? current.city : next.city);
  if (problem && (changed.includes('role') || changed.includes('city'))) throw httpErrors.badRequest(problem);
  const values = Object.fromEntries(changed.map((key) => [key, next[key]]));
  const awayUntil = changed.includes('awayUntil') ? (next.awayUntil ? endOfDay(next.awayUntil) : null) : undefined;
  await updateAccountColumns(db, id, { ...values, awayUntil });
  if (changed.includes('role') || (changed.includes('active') && next.active === false)) await revokeUserSessions(db, id);
  const account = await getAccount(db, id);
  if (!account) throw httpErrors.notFound('There is no such user.');
  return { account, changed };
}
