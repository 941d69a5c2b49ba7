import type { Role } from './roles';

export interface Session {
  loggedIn: boolean;
  /** The role cookie as sent: one of ROLES, or whatever a newer server calls a role. */
  role: Role | (string & {}) | null;
  username: string | null;
}

export const loggedOut: Session = { loggedIn: false, role: null, username: null };

export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * Logged in means the jwt_token cookie is present. The server sets it httpOnly, out of reach of scripts, beside
 * the readable username and role cookies; so in the browser, username stands for it.
 */
export function sessionFromCookies(cookieHeader: string): Session {
  if (!readCookie(cookieHeader, 'jwt_token') && !readCookie(cookieHeader, 'username')) return loggedOut;
  return { loggedIn: true, role: readCookie(cookieHeader, 'role'), username: readCookie(cookieHeader, 'username') };
}
