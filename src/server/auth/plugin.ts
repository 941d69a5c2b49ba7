import fp from 'fastify-plugin';
import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { roleIn, type Role } from '../../shared/roles';
import { userForToken, type SessionUser } from './store';
import { sendError } from '../http/error-reply';

/** Who may call a route: anyone, any logged-in user, or the listed roles (of src/shared/roles). Every /api route declares it. */
export type Access = 'public' | 'user' | readonly Role[];

export interface AccessRule {
  method: string;
  url: string;
  access: Access;
}

export type SignedInUser = SessionUser & { sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is signed in, on a route whose access rule requires a session (reading it elsewhere throws). */
    readonly user: SignedInUser;
    /** Who is signed in, if anyone: set by the access check before the route runs. */
    session: SignedInUser | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every API route with its access rule, in the order registered: the role-by-endpoint table. */
    accessRules: AccessRule[];
  }
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies.jwt_token || undefined;
}

export const forbidden = (reply: FastifyReply) => sendError(reply, 403, 'You do not have permission to do that.');

/**
 * Sessions from the jwt_token cookie or a bearer token, and the access rule of every API route enforced on the
 * server, whatever the browser shows or hides.
 */
export default fp(
  async (app) => {
    await app.register(fastifyCookie);
    app.decorateRequest('session', null);
    app.decorateRequest('user', {
      getter(this: FastifyRequest): SignedInUser {
        if (!this.session) throw new Error(`${this.method} ${this.url}: request.user read on a route that requires no session`);
        return this.session;
      },
    });
    app.decorate('accessRules', [] as AccessRule[]);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      const access = route.config?.access;
      if (!access) throw new Error(`${route.method} ${route.url} declares no access rule (config.access)`);
      for (const method of [route.method].flat()) if (method !== 'HEAD') app.accessRules.push({ method, url: route.url, access });
      if (access === 'public') return;
      const check: onRequestHookHandler = async (request, reply) => {
        const token = tokenOf(request);
        const session = token ? await userForToken(app.db, token) : null;
        request.session = session;
        if (!session) return sendError(reply, 401, 'Please log in to continue.');
        if (access !== 'user' && !roleIn(session.role, access)) return forbidden(reply);
      };
      route.onRequest = [check, ...[route.onRequest ?? []].flat()];
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
