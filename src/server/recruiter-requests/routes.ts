import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, Success } from '../../shared/api/common';
import {
  Approval,
  ApproveBody,
  RecruiterRequestList,
  RecruiterRequestQuery,
  RecruiterRequestReply,
} from '../../shared/api/recruiter-requests';
import { ADMIN_ROLES } from '../../shared/roles';
import { approveRecruiterRequest, getRecruiterRequest, listRecruiterRequests, rejectRecruiterRequest } from './store';

/** Applications from /apply-as-a-recruiter; approving one opens a RECRUITER account. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/admin/recruiter-requests',
    { config: { access: ADMIN_ROLES }, schema: { querystring: RecruiterRequestQuery, response: { 200: RecruiterRequestList } } },
    async (request) => listRecruiterRequests(app.db, request.query),
  );

  app.get(
    '/api/admin/recruiter-requests/:id',
    { config: { access: ADMIN_ROLES }, schema: { params: IdParams, response: { 200: RecruiterRequestReply } } },
    async (request) => ({ request: await getRecruiterRequest(app.db, request.params.id) }),
  );

  app.post(
    '/api/admin/recruiter-requests/:id/approve',
    { config: { access: ADMIN_ROLES }, schema: { params: IdParams, body: ApproveBody, response: { 201: Approval } } },
    async (request, reply) =>
      reply.code(201).send(await approveRecruiterRequest(app.db, request.user.id, request.params.id, request.body.username)),
  );

  app.post(
    '/api/admin/recruiter-requests/:id/reject',
    { config: { access: ADMIN_ROLES }, schema: { params: IdParams, response: { 200: Success } } },
    async (request) => {
      await rejectRecruiterRequest(app.db, request.user.id, request.params.id);
      return { success: true };
    },
  );
};

export const recruiterRequestRoutes = fp(routes, { name: 'recruiter-requests', dependencies: ['database'], encapsulate: true });
