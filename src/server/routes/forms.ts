import type { FastifyInstance } from 'fastify';
import { perMinute } from '../http/rate-limits';
import { submitForm } from '../forms/submit-form';

const errorList = {
  type: 'object',
  required: ['errors'],
  properties: {
    errors: {
      type: 'array',
      items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
  },
} as const;

/** POST /api/forms/:formId: every form of pages/forms, checked as the browser checks it, stored with what it owes. */
export async function formRoutes(app: FastifyInstance) {
  app.post<{ Params: { formId: string }; Body: { page: string; data: Record<string, unknown>; captcha?: string } }>(
    '/api/forms/:formId',
    {
      // One allowance per client for every form and job application (groupId 'forms').
      config: { access: 'public', rateLimit: perMinute(app.config.formsPerMinute, 'submissions', { groupId: 'forms' }) },
      bodyLimit: 64 * 1024,
      schema: {
        params: { type: 'object', required: ['formId'], properties: { formId: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,63}$' } } },
        body: {
          type: 'object',
          required: ['page', 'data'],
          additionalProperties: false,
          properties: {
            page: { type: 'string', pattern: '^/', maxLength: 200 },
            data: { type: 'object', maxProperties: 40 },
            captcha: { type: 'string', maxLength: 8192 },
          },
        },
        response: {
          201: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
          400: errorList,
          404: errorList,
          429: errorList,
        },
      },
    },
    async (request, reply) => {
      const result = await submitForm(app.db, app.formCatalog, app.captcha, {
        formId: request.params.formId,
        page: request.body.page.split(/[?#]/)[0],
        data: request.body.data,
        captcha: request.body.captcha,
        clientIp: request.ip,
      });
      if (result.kind === 'unknown-form') return reply.code(404).send({ errors: [{ field: '', message: 'There is no such form.' }] });
      if (result.kind === 'invalid') return reply.code(400).send({ errors: result.errors });
      return reply.code(201).send({ id: result.id });
    },
  );
}
