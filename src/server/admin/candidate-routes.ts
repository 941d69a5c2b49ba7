import type { FastifyInstance } from 'fastify';
import { openUpload } from '../uploads/store';
import { listCandidates, resumeOf } from './candidates';
import { errorSchema, fail, pageQuery, uuidParams } from './http';
import { sendUpload } from '../uploads/send-upload';

const ADMIN = ['ADMIN'];
const nullableText = { type: ['string', 'null'] } as const;

const candidateSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    formId: { type: 'string' },
    collection: { type: 'string' },
    page: { type: 'string' },
    city: nullableText,
    status: { type: 'string' },
    createdAt: { type: 'string' },
    name: nullableText,
    email: nullableText,
    phone: nullableText,
    role: nullableText,
    experience: nullableText,
    skills: nullableText,
    industry: nullableText,
    description: nullableText,
    resume: { type: ['object', 'null'], properties: { name: { type: 'string' }, size: { type: 'integer' } } },
  },
} as const;

/** Registrations from the city pages, with their resumes. */
export async function candidateRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { search?: string; city?: string; page: number; pageSize: number } }>(
    '/api/admin/candidates',
    {
      config: { access: ADMIN },
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { search: { type: 'string', maxLength: 100 }, city: { type: 'string', maxLength: 80 }, ...pageQuery },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              candidates: { type: 'array', items: candidateSchema },
              total: { type: 'integer' },
              page: { type: 'integer' },
              pageSize: { type: 'integer' },
              cities: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
    async (request) => listCandidates(app.db, request.query),
  );

  app.get<{ Params: { id: string } }>(
    '/api/admin/candidates/:id/resume',
    { config: { access: ADMIN }, schema: { params: uuidParams, response: { 404: errorSchema } } },
    async (request, reply) => {
      const uploadId = await resumeOf(app.db, request.params.id);
      const upload = uploadId && (await openUpload(app.db, app.config.dataDir, uploadId));
      if (!upload) return fail(reply, 404, 'This candidate sent no resume.');
      // An attachment, never shown in the portal's own origin: a document is the sender's content.
      return sendUpload(reply, upload, { as: 'attachment', cache: 'private' });
    },
  );
}
