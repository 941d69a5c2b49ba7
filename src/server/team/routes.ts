import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { IdParams, Success } from '../../shared/api/common';
import { NewTeamMember, PublicTeam, TeamList, TeamMemberChanges, TeamMemberReply, TeamOrder } from '../../shared/api/team';
import { ADMIN_ROLES } from '../../shared/roles';
import { recordActivity } from '../activity/store';
import { sendError } from '../http/error-reply';
import { openUpload } from '../uploads/store';
import { sendUpload } from '../uploads/send-upload';
import { allTeam, avatarOf, createMember, deleteMember, memberProblem, reorderTeam, updateMember, visibleTeam } from './store';

const NO_SUCH_MEMBER = 'There is no such team member.';
const NO_PHOTO = 'There is no such photo.';

/** The members the public /team page shows, managed by admins. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  async function sendAvatar(reply: FastifyReply, memberId: string, onlyVisible: boolean) {
    const uploadId = await avatarOf(app.db, memberId, onlyVisible);
    const upload = uploadId && (await openUpload(app.db, app.config.dataDir, uploadId));
    if (!upload || upload.kind !== 'avatar') return reply.notFound(NO_PHOTO);
    return sendUpload(reply, upload, { as: 'inline', cache: onlyVisible ? 'public' : 'private', missing: NO_PHOTO });
  }

  app.get('/api/team', { config: { access: 'public' }, schema: { response: { 200: PublicTeam } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache'); // an admin's change shows on the next visit
    return { members: await visibleTeam(app.db) };
  });

  app.get('/api/team/:id/avatar', { config: { access: 'public' }, schema: { params: IdParams } }, async (request, reply) =>
    sendAvatar(reply, request.params.id, true),
  );

  app.get('/api/admin/team', { config: { access: ADMIN_ROLES }, schema: { response: { 200: TeamList } } }, async () => ({
    members: await allTeam(app.db),
  }));

  app.get('/api/admin/team/:id/avatar', { config: { access: ADMIN_ROLES }, schema: { params: IdParams } }, async (request, reply) =>
    sendAvatar(reply, request.params.id, false),
  );

  app.post(
    '/api/admin/team',
    { config: { access: ADMIN_ROLES }, schema: { body: NewTeamMember, response: { 201: TeamMemberReply } } },
    async (request, reply) => {
      const problem = await memberProblem(app.db, request.body, true);
      if (problem) return sendError(reply, 400, problem);
      const member = await createMember(app.db, request.body);
      await recordActivity(app.db, request.user.id, 'team.created', { type: 'team-member', id: member.id }, { name: member.name });
      return reply.code(201).send({ member });
    },
  );

  app.patch(
    '/api/admin/team/:id',
    { config: { access: ADMIN_ROLES }, schema: { params: IdParams, body: TeamMemberChanges, response: { 200: TeamMemberReply } } },
    async (request, reply) => {
      const problem = await memberProblem(app.db, request.body, false);
      if (problem) return sendError(reply, 400, problem);
      const member = await updateMember(app.db, request.params.id, request.body);
      if (!member) return reply.notFound(NO_SUCH_MEMBER);
      await recordActivity(app.db, request.user.id, 'team.updated', { type: 'team-member', id: member.id }, { name: member.name });
      return { member };
    },
  );

  app.delete(
    '/api/admin/team/:id',
    { config: { access: ADMIN_ROLES }, schema: { params: IdParams, response: { 200: Success } } },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await deleteMember(app.db, id))) return reply.notFound(NO_SUCH_MEMBER);
      await recordActivity(app.db, request.user.id, 'team.deleted', { type: 'team-member', id });
      return { success: true };
    },
  );

  app.post(
    '/api/admin/team/order',
    { config: { access: ADMIN_ROLES }, schema: { body: TeamOrder, response: { 200: TeamList } } },
    async (request) => {
      await reorderTeam(app.db, request.body.ids);
      return { members: await allTeam(app.db) };
    },
  );
};

export const teamRoutes = fp(routes, { name: 'team', dependencies: ['database'], encapsulate: true });
