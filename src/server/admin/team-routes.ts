import type { FastifyInstance, FastifyReply } from 'fastify';
import { recordActivity } from '../auth/users';
import { openUpload } from '../uploads/store';
import { errorResponses, errorSchema, fail, uuidParams } from './http';
import { sendUpload } from '../uploads/send-upload';
import { allTeam, avatarOf, createMember, deleteMember, memberProblem, reorderTeam, updateMember, visibleTeam, type MemberInput } from './team';

const ADMIN = ['ADMIN'];
const nullableText = { type: ['string', 'null'] } as const;

const publicMemberProperties = { id: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, bio: nullableText, avatarUrl: nullableText } as const;

const memberSchema = {
  type: 'object',
  properties: {
    ...publicMemberProperties,
    avatarUploadId: nullableText,
    sortOrder: { type: 'integer' },
    visible: { type: 'boolean' },
    createdAt: { type: 'string' },
  },
} as const;

const memberBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: 100 },
    role: { type: 'string', maxLength: 100 },
    bio: { type: ['string', 'null'], maxLength: 1000 },
    avatarUploadId: { type: ['string', 'null'], format: 'uuid' },
    visible: { type: 'boolean' },
  },
} as const;

/** The members the public /team page shows, managed by admins. */
export async function teamRoutes(app: FastifyInstance) {
  async function sendAvatar(reply: FastifyReply, memberId: string, onlyVisible: boolean) {
    const uploadId = await avatarOf(app.db, memberId, onlyVisible);
    const upload = uploadId && (await openUpload(app.db, app.config.dataDir, uploadId));
    if (!upload || upload.kind !== 'avatar') return fail(reply, 404, 'There is no such photo.');
    return sendUpload(reply, upload, { as: 'inline', cache: onlyVisible ? 'public' : 'private' });
  }

  app.get(
    '/api/team',
    {
      config: { access: 'public' },
      schema: { response: { 200: { type: 'object', properties: { members: { type: 'array', items: { type: 'object', properties: publicMemberProperties } } } } } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache'); // an admin's change shows on the next visit
      return { members: await visibleTeam(app.db) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/team/:id/avatar',
    { config: { access: 'public' }, schema: { params: uuidParams, response: { 404: errorSchema } } },
    async (request, reply) => sendAvatar(reply, request.params.id, true),
  );

  app.get(
    '/api/admin/team',
    { config: { access: ADMIN }, schema: { response: { 200: { type: 'object', properties: { members: { type: 'array', items: memberSchema } } } } } },
    async () => ({ members: await allTeam(app.db) }),
  );

  app.get<{ Params: { id: string } }>(
    '/api/admin/team/:id/avatar',
    { config: { access: ADMIN }, schema: { params: uuidParams, response: { 404: errorSchema } } },
    async (request, reply) => sendAvatar(reply, request.params.id, false),
  );

  app.post<{ Body: MemberInput }>(
    '/api/admin/team',
    {
      config: { access: ADMIN },
      schema: { body: { ...memberBody, required: ['name', 'role'] }, response: { 201: { type: 'object', properties: { member: memberSchema } }, ...errorResponses } },
    },
    async (request, reply) => {
      const problem = await memberProblem(app.db, request.body, true);
      if (problem) return fail(reply, 400, problem);
      const member = await createMember(app.db, request.body);
      await recordActivity(app.db, request.user.id, 'team.created', { type: 'team-member', id: member.id }, { name: member.name });
      return reply.code(201).send({ member });
    },
  );

  app.patch<{ Params: { id: string }; Body: MemberInput }>(
    '/api/admin/team/:id',
    {
      config: { access: ADMIN },
      schema: { params: uuidParams, body: memberBody, response: { 200: { type: 'object', properties: { member: memberSchema } }, ...errorResponses } },
    },
    async (request, reply) => {
      const problem = await memberProblem(app.db, request.body, false);
      if (problem) return fail(reply, 400, problem);
      const member = await updateMember(app.db, request.params.id, request.body);
      if (!member) return fail(reply, 404, 'There is no such team member.');
      await recordActivity(app.db, request.user.id, 'team.updated', { type: 'team-member', id: member.id }, { name: member.name });
      return { member };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/admin/team/:id',
    { config: { access: ADMIN }, schema: { params: uuidParams, response: { 200: { type: 'object', properties: { success: { type: 'boolean' } } }, ...errorResponses } } },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await deleteMember(app.db, id))) return fail(reply, 404, 'There is no such team member.');
      await recordActivity(app.db, request.user.id, 'team.deleted', { type: 'team-member', id });
      return { success: true };
    },
  );

  app.post<{ Body: { ids: string[] } }>(
    '/api/admin/team/order',
    {
      config: { access: ADMIN },
      schema: {
        body: {
          type: 'object',
          required: ['ids'],
          additionalProperties: false,
          properties: { ids: { type: 'array', maxItems: 500, uniqueItems: true, items: { type: 'string', format: 'uuid' } } },
        },
        response: { 200: { type: 'object', properties: { members: { type: 'array', items: memberSchema } } }, ...errorResponses },
      },
    },
    async (request) => {
      await reorderTeam(app.db, request.body.ids);
      return { members: await allTeam(app.db) };
    },
  );
}
