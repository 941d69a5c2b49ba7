import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIES } from '../../shared/constants';
import { decoyHash, verifyPassword } from '../auth/passwords';
import { createSession, revokeSession, userForToken, SESSION_HOURS, type SessionUser } from '../auth/sessions';
import { enterLogin, leaveLogin, type LoginSubject } from '../auth/login-backoff';

const userSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    username: { type: 'string' },
    fullName: { type: ['string', 'null'] },
    email: { type: ['string', 'null'] },
    role: { type: 'string' },
    city: { type: ['string', 'null'] },
  },
} as const;
const errorSchema = { type: 'object', properties: { error: { type: 'string' } } } as const;

/** The seven cookies of a session: jwt_token for the server only, the rest for the UI to read. */
function setSessionCookies(request: FastifyRequest, reply: FastifyReply, user: SessionUser, token: string) {
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

function clearSessionCookies(reply: FastifyReply) {
  for (const name of SESSION_COOKIES) reply.clearCookie(name, { path: '/' });
}

export async function authRoutes(app: FastifyInstance) {
  app.post<{ Body: { username: string; password: string } }>(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: {
        body: {
          type: 'object',
          required: ['username', 'password'],
          additionalProperties: false,
          properties: { username: { type: 'string', minLength: 1, maxLength: 60 }, password: { type: 'string', minLength: 1, maxLength: 200 } },
        },
        response: { 200: { type: 'object', properties: { user: userSchema } }, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const username = request.body.username.trim().toLowerCase();
      const { loginBackoffAfter, loginBackoffAfterPerAddress, loginBackoffMaxSeconds: maxSeconds } = app.config;
      // Guessing slows down per account and per address, whichever has failed more; an unknown name counts the same.
      const subjects: LoginSubject[] = [
        { key: `account:${username}`, after: loginBackoffAfter, maxSeconds, clearOnSuccess: true },
        { key: `address:${request.ip}`, after: loginBackoffAfterPerAddress, maxSeconds, clearOnSuccess: false },
      ];
      const gate = await enterLogin(app.db, subjects);
      if (!gate.allowed) {
        return reply
          .code(429)
          .header('retry-after', String(gate.retryAfter))
          .send({ error: `Too many failed login attempts. Please try again in ${gate.retryAfter} second${gate.retryAfter === 1 ? '' : 's'}.` });
      }
      let row: { id: string; password_hash: string; active: boolean } | undefined;
      let valid = false;
      try {
        [row] = await app.db.query<{ id: string; password_hash: string; active: boolean }>(
          'select id, password_hash, active from users where username = $1',
          [username],
        );
        // The decoy hash is checked for an unknown name too, so the answer takes as long either way.
        const matches = await verifyPassword(request.body.password, row?.password_hash ?? decoyHash);
        valid = Boolean(row) && matches;
      } catch (error) {
        await leaveLogin(app.db, subjects, gate.held, 'aborted');
        throw error;
      }
      await leaveLogin(app.db, subjects, gate.held, valid ? 'succeeded' : 'failed');
      if (!row || !valid) return reply.code(401).send({ error: 'The username or password is not correct.' });
      if (!row.active) return reply.code(401).send({ error: 'This account has been deactivated. Please contact your administrator.' });
      const { token } = await createSession(app.db, row.id);
      const user = (await userForToken(app.db, token))!;
      setSessionCookies(request, reply, user, token);
      return { user };
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { access: 'public' }, schema: { response: { 200: { type: 'object', properties: { success: { type: 'boolean' } } } } } },
    async (request, reply) => {
      const token = request.cookies.jwt_token ?? request.headers.authorization?.replace(/^Bearer /, '');
      const user = token ? await userForToken(app.db, token) : null;
      if (user) await revokeSession(app.db, user.sessionId);
      clearSessionCookies(reply);
      return { success: true };
    },
  );

  app.get(
    '/api/auth/me',
    { config: { access: 'user' }, schema: { response: { 200: { type: 'object', properties: { user: userSchema } } } } },
    async (request) => ({ user: request.user }),
  );
}
