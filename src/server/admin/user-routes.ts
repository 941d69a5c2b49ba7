import type { FastifyInstance } from 'fastify';
import { recordActivity } from '../auth/users';
import { createAccount, getAccount, listAccounts, resetPassword, updateAccount, type AccountChanges, type AccountInput } from './accounts';
import { errorResponses, fail, pageQuery, uuidParams } from './http';

const ADMIN = ['ADMIN'];
const optionalText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

const accountSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    username: { type: 'string' },
    fullName: { type: ['string', 'null'] },
    email: { type: ['string', 'null'] },
    role: { type: 'string' },
    city: { type: ['string', 'null'] },
    active: { type: 'boolean' },
    createdAt: { type: 'string' },
    lastLoginAt: { type: ['string', 'null'] },
  },
} as const;

const passwordOnce = { type: 'string', description: 'A generated password, answered this once.' } as const;

/** Staff accounts: list, create, change role or details, deactivate, reset password. */
export async function userRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { search?: string; role?: string; page: number; pageSize: number } }>(
    '/api/admin/users',
    {
      config: { access: ADMIN },
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { search: { type: 'string', maxLength: 100 }, role: { type: 'string', pattern: '^[A-Z][A-Z_]{1,30}$' }, ...pageQuery },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              users: { type: 'array', items: accountSchema },
              total: { type: 'integer' },
              page: { type: 'integer' },
              pageSize: { type: 'integer' },
              roles: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
    async (request) => listAccounts(app.db, request.query),
  );

  app.post<{ Body: AccountInput }>(
    '/api/admin/users',
    {
      config: { access: ADMIN },
      schema: {
        body: {
          type: 'object',
          required: ['username', 'role'],
          additionalProperties: false,
          properties: {
            username: { type: 'string', maxLength: 40 },
            role: { type: 'string', maxLength: 31 },
            fullName: optionalText(100),
            email: optionalText(254),
            city: optionalText(80),
            password: { type: 'string', maxLength: 200 },
          },
        },
        response: { 201: { type: 'object', properties: { user: accountSchema, temporaryPassword: passwordOnce } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await createAccount(app.db, request.body);
      if (!result.ok) return fail(reply, result.code, result.error);
      await recordActivity(app.db, request.user.id, 'user.created', { type: 'user', id: result.id }, { role: request.body.role });
      return reply.code(201).send({ user: await getAccount(app.db, result.id), temporaryPassword: result.temporaryPassword });
    },
  );

  app.patch<{ Params: { id: string }; Body: AccountChanges }>(
    '/api/admin/users/:id',
    {
      config: { access: ADMIN },
      schema: {
        params: uuidParams,
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: {
            role: { type: 'string', maxLength: 31 },
            active: { type: 'boolean' },
            fullName: optionalText(100),
            email: optionalText(254),
            city: optionalText(80),
          },
        },
        response: { 200: { type: 'object', properties: { user: accountSchema } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await updateAccount(app.db, request.user.id, request.params.id, request.body);
      if (!result.ok) return fail(reply, result.code, result.error);
      if (result.changed.length) {
        const { role, active } = result.account;
        await recordActivity(app.db, request.user.id, 'user.updated', { type: 'user', id: request.params.id }, { changed: result.changed, role, active });
      }
      return { user: result.account };
    },
  );

  app.post<{ Params: { id: string }; Body: { password?: string } | undefined }>(
    '/api/admin/users/:id/password',
    {
      config: { access: ADMIN },
      schema: {
        params: uuidParams,
        body: { type: ['object', 'null'], additionalProperties: false, properties: { password: { type: 'string', maxLength: 200 } } },
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, temporaryPassword: passwordOnce } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await getAccount(app.db, id))) return fail(reply, 404, 'There is no such user.');
      const result = await resetPassword(app.db, id, request.body?.password);
      if (!result.ok) return fail(reply, 400, result.error);
      await recordActivity(app.db, request.user.id, 'user.password-reset', { type: 'user', id });
      return { success: true, temporaryPassword: result.temporaryPassword };
    },
  );
}
