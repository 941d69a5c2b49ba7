import type { FastifyInstance } from 'fastify';
import { approveRecruiterRequest, getRecruiterRequest, listRecruiterRequests, rejectRecruiterRequest, REQUEST_STATUSES } from './recruiter-requests';
import { errorResponses, errorSchema, fail, pageQuery, uuidParams } from './http';

const ADMIN = ['ADMIN'];
const nullableText = { type: ['string', 'null'] } as const;

const requestProperties = {
  id: { type: 'string' },
  name: nullableText,
  email: nullableText,
  phone: nullableText,
  city: nullableText,
  experience: nullableText,
  specialisation: nullableText,
  linkedin: nullableText,
  message: nullableText,
  page: { type: 'string' },
  status: { type: 'string' },
  createdAt: { type: 'string' },
  updatedAt: nullableText,
} as const;

const detailSchema = {
  type: 'object',
  properties: {
    ...requestProperties,
    account: {
      type: ['object', 'null'],
      properties: { id: { type: 'string' }, username: { type: 'string' }, approvedBy: nullableText, approvedAt: { type: 'string' } },
    },
  },
} as const;

/** Applications from /apply-as-a-recruiter; approving one opens a RECRUITER account. */
export async function recruiterRequestRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { status?: string; page: number; pageSize: number } }>(
    '/api/admin/recruiter-requests',
    {
      config: { access: ADMIN },
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: { status: { type: 'string', enum: [...REQUEST_STATUSES] }, ...pageQuery } },
        response: {
          200: {
            type: 'object',
            properties: {
              requests: { type: 'array', items: { type: 'object', properties: requestProperties } },
              total: { type: 'integer' },
              page: { type: 'integer' },
              pageSize: { type: 'integer' },
            },
          },
        },
      },
    },
    async (request) => listRecruiterRequests(app.db, request.query),
  );

  app.get<{ Params: { id: string } }>(
    '/api/admin/recruiter-requests/:id',
    { config: { access: ADMIN }, schema: { params: uuidParams, response: { 200: { type: 'object', properties: { request: detailSchema } }, 404: errorSchema } } },
    async (request, reply) => {
      const found = await getRecruiterRequest(app.db, request.params.id);
      return found ? { request: found } : fail(reply, 404, 'There is no such recruiter request.');
    },
  );

  app.post<{ Params: { id: string }; Body: { username: string } }>(
    '/api/admin/recruiter-requests/:id/approve',
    {
      config: { access: ADMIN },
      schema: {
        params: uuidParams,
        body: { type: 'object', required: ['username'], additionalProperties: false, properties: { username: { type: 'string', maxLength: 40 } } },
        response: {
          201: {
            type: 'object',
            properties: {
              user: { type: 'object', properties: { id: { type: 'string' }, username: { type: 'string' }, role: { type: 'string' }, email: nullableText } },
              temporaryPassword: { type: 'string' },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const result = await approveRecruiterRequest(app.db, request.user.id, request.params.id, request.body.username);
      if (!result.ok) return fail(reply, result.code, result.error);
      return reply.code(201).send({ user: result.user, temporaryPassword: result.temporaryPassword });
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/admin/recruiter-requests/:id/reject',
    { config: { access: ADMIN }, schema: { params: uuidParams, response: { 200: { type: 'object', properties: { success: { type: 'boolean' } } }, ...errorResponses } } },
    async (request, reply) => {
      const result = await rejectRecruiterRequest(app.db, request.user.id, request.params.id);
      return result.ok ? { success: true } : fail(reply, result.code, result.error);
    },
  );
}
