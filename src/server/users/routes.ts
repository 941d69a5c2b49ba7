import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../shared/api/common';
import {
  AccountChanges,
  AccountCreated,
  AccountList,
  AccountQuery,
  AccountReply,
  NewAccount,
  PasswordBody,
  PasswordReset,
} from '../../shared/api/users';
import { ADMIN_ROLES, ROLES } from '../../shared/roles';
import { recordActivity } from '../activity/store';
import { createAccount, resetPassword, updateAccount } from './accounts';
import { getAccount, listAccounts } from './store';

const NO_SUCH_USER = 'There is no such user.';

/** Staff accounts: list, create, change role or details, deactivate, reset password. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/admin/users',
    { config: { access: ADMIN_ROLES }, schema: { querystring: AccountQuery, response: { 200: AccountList } } },
    async (request) => ({ ...(await listAccounts(app.db, request.query)), roles: [...ROLES] }),
  );

  app.post(
    '/api/admin/users',
    { config: { access: ADMIN_ROLES }, schema: { body: NewAccount, response: { 201: AccountCreated } } },
    async (request, reply) => {
      const { id, temporaryPassword } = await createAccount(app.db, request.body);
      await recordActivity(app.db, request.user.id, 'user.created', { type: 'user', id }, { role: request.body.role });
      const user = await getAccount(app.db, id);
      if (!user) return reply.notFound(NO_SUCH_USER);
      return reply.code(201).send({ user, temporaryPassword });
    },
  );

  app.patch(
    '/api/admin/users/:id',
    { config: { access: ADMIN_ROLES }, schema: { params: IdParams, body: AccountChanges, response: { 200: AccountReply } } },
    async (request) => {
      const { account, changed } = await updateAccount(app.db, request.user.id, request.params.id, request.body);
      if (changed.length) {
        const { role, active } = account;
        await recordActivity(app.db, request.user.id, 'user.updated', { type: 'user', id: request.params.id }, { changed, role, active });
      }
      return { user: account };
    },
  );

  app.post(
    '/api/admin/users/:id/password',
    { config: { access: ADMIN_ROLES }, schema: { params: IdParams, body: PasswordBody, response: { 200: PasswordReset } } },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await getAccount(app.db, id))) return reply.notFound(NO_SUCH_USER);
      const { temporaryPassword } = await resetPassword(app.db, id, request.body?.password);
      await recordActivity(app.db, request.user.id, 'user.password-reset', { type: 'user', id });
      return { success: true, temporaryPassword };
    },
  );
};

export const userRoutes = fp(routes, { name: 'users', dependencies: ['database'], encapsulate: true });
