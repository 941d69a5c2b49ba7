import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginBody, SessionReply } from '../../shared/api/auth';
import { Success } from '../../shared/api/common';
import { sendError } from '../http/error-reply';
import { decoyHash, verifyPassword } from './passwords';
import { createSession, loginAccount, revokeSession, userForToken } from './store';
import { clearSessionCookies, setSessionCookies } from './session-cookies';
import { enterLogin, leaveLogin, type LoginSubject } from './login-backoff';

const NOT_CORRECT = 'The username or password is not correct.';

/** Login, logout and who is signed in. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/auth/login',
    { config: { access: 'public' }, schema: { body: LoginBody, response: { 200: SessionReply } } },
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
        const wait = `${gate.retryAfter} second${gate.retryAfter === 1 ? '' : 's'}`;
        return sendError(
          reply.header('retry-after', String(gate.retryAfter)),
          429,
          `Too many failed login attempts. Please try again in ${wait}.`,
        );
      }
      let account: Awaited<ReturnType<typeof loginAccount>>;
      let valid = false;
      try {
        account = await loginAccount(app.db, username);
        // The decoy hash is checked for an unknown name too, so the answer takes as long either way.
        const matches = await verifyPassword(request.body.password, account?.password_hash ?? decoyHash);
        valid = Boolean(account) && matches;
      } catch (error) {
        await leaveLogin(app.db, subjects, gate.held, 'aborted');
        throw error;
      }
      await leaveLogin(app.db, subjects, gate.held, valid ? 'succeeded' : 'failed');
      if (!account || !valid) return sendError(reply, 401, NOT_CORRECT);
      if (!account.active) return sendError(reply, 401, 'This account has been deactivated. Please contact your administrator.');
      const { token } = await createSession(app.db, account.id);
      const user = await userForToken(app.db, token);
      if (!user) return sendError(reply, 401, NOT_CORRECT);
      setSessionCookies(request, reply, user, token);
      return { user };
    },
  );

  app.post('/api/auth/logout', { config: { access: 'public' }, schema: { response: { 200: Success } } }, async (request, reply) => {
    const token = request.cookies.jwt_token ?? request.headers.authorization?.replace(/^Bearer /, '');
    const user = token ? await userForToken(app.db, token) : null;
    if (user) await revokeSession(app.db, user.sessionId);
    clearSessionCookies(reply);
    return { success: true };
  });

  app.get('/api/auth/me', { config: { access: 'user' }, schema: { response: { 200: SessionReply } } }, async (request) => ({
    user: request.user,
  }));
};

export const authRoutes = fp(routes, { name: 'auth-routes', dependencies: ['database'], encapsulate: true });
