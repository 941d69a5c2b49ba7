import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIES } from '../../shared/constants';
import { readCookie } from '../../shared/session';
import { SESSION_HOURS, type SessionUser } from './store';

/** The seven cookies of a session: jwt_token for the server only, the rest for the UI to read. */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, user: SessionUser, token: string) {
  const base = { path: '/', sameSite: 'lax' as const, secure: request.protocol === 'https', maxAge: SESSION_HOURS * 3600 };
  reply.setCookie('jwt_token', token, { ...base, httpOnly: true });
  const readable: Record<(typeof SESSION_COOKIES)[number], string> = {
    jwt_token: token,
    role: user.role,
    username: user.username,
    email: user.email ?? '',
    user_details_id: user.id,
    hiring_for: user.hiringFor ?? '',
    hm_type: user.hmType ?? '',
  };
  for (const name of SESSION_COOKIES) if (name !== 'jwt_token') reply.setCookie(name, readable[name], base);
}

export function clearSessionCookies(reply: FastifyReply) {
  for (const name of SESSION_COOKIES) reply.clearCookie(name, { path: '/' });
}

/**
 * A page served to a visitor whose readable session cookies outlived jwt_token (cleared by hand, or kept by a
 * browser that dropped the other): clears them with the page, so its navigation never shows a session that is gone.
 */
export function clearLeftoverSessionCookies(request: FastifyRequest, reply: FastifyReply) {
  const cookies = request.headers.cookie ?? '';
  if (readCookie(cookies, 'jwt_token')) return;
  if (SESSION_COOKIES.some((name) => readCookie(cookies, name) !== null)) clearSessionCookies(reply);
}
