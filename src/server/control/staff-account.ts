// npm run create-user checks its arguments here, and the account is made here whether the CLI opened the database
// itself or asked the running server over the control socket.
import type { Queryable } from '../db/database';
import { isFranchiseBde, ROLES } from '../../shared/roles';
import { PASSWORD_RULE, isStrongEnough } from '../auth/passwords';
import { createUser, usernameTaken } from '../users/store';

export interface StaffAccount {
  username: string;
  password: string;
  role: string;
  name?: string;
  email?: string;
  city?: string;
}

const optional = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The account these values describe, or the readable reason it cannot be made. */
export function checkStaffAccount(values: Record<string, unknown>): StaffAccount | { problem: string } {
  const { username, password, role } = values;
  if (typeof username !== 'string' || typeof password !== 'string' || typeof role !== 'string' || !username || !password || !role) {
    return { problem: 'Usage: npm run create-user -- --username U --password P --role ADMIN [--name N] [--email E] [--city C]' };
  }
  const upper = role.toUpperCase();
  if (!/^[A-Z][A-Z_]{1,30}$/.test(upper)) return { problem: `Roles are written like ${ROLES.join(', ')}.` };
  if (!/^[a-z0-9._-]{3,40}$/i.test(username)) return { problem: 'Usernames are 3-40 letters, digits, dots, hyphens or underscores.' };
  if (!isStrongEnough(password)) return { problem: `That password is too short. ${PASSWORD_RULE}` };
  const city = optional(values.city);
  if (isFranchiseBde(upper) && !city) return { problem: 'An FBDE works a franchise city: add --city.' };
  return { username, password, role: upper, name: optional(values.name), email: optional(values.email), city };
}

/** Creates the account unless its username is taken. */
export async function addStaffAccount(db: Queryable, account: StaffAccount): Promise<{ id: string } | { problem: string }> {
  if (await usernameTaken(db, account.username)) return { problem: `The username ${account.username} is taken.` };
  return createUser(db, {
    username: account.username,
    password: account.password,
    role: account.role,
    fullName: account.name,
    email: account.email,
    city: account.city,
  });
}
