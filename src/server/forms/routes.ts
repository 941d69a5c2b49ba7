import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FormParams, FormSubmitted, LeadSubmission } from '../../shared/api/forms';
import { perMinute } from '../http/rate-limits';
import { FieldErrors } from '../http/error-reply';
import { submitForm } from './submit-form';
import { createSubmissionStore } from './store';
import { checkedAttribution } from './lead-source';

/** POST /api/forms/:formId: every form of pages/forms, checked as the browser checks it, stored with what it owes. */
export const formRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const services = {
    storeSubmission: createSubmissionStore(app.db),
    catalog: app.formCatalog,
    pages: app.pageSource.page,
    site: app.siteConfig,
    captcha: app.captcha,
    // Read at each submission: admins change the rules while the server runs.
    get routing() {
      return app.leadRouting;
    },
  };
  app.post(
    '/api/forms/:formId',
    {
      // One allowance per client for every form and job application (groupId 'forms').
      config: { access: 'public', rateLimit: perMinute(app.config.formsPerMinute, 'submissions', { groupId: 'forms' }) },
      bodyLimit: 64 * 1024,
      schema: { params: FormParams, body: LeadSubmission, response: { 201: FormSubmitted } },
    },
    async (request, reply) => {
      const result = await submitForm(services, {
        formId: request.params.formId,
        page: request.body.page.replace(/[?#][\s\S]*/, ''),
        data: request.body.data,
        captcha: request.body.captcha,
        attribution: checkedAttribution(request.body.attribution),
        clientIp: request.ip,
        publicUrl: app.config.publicUrl,
      });
      if (result.kind === 'unknown-form') throw new FieldErrors(404, [{ field: '', message: 'There is no such form.' }]);
      if (result.kind === 'invalid') throw new FieldErrors(400, result.errors);
      return reply.code(201).send({ id: result.id, reference: result.reference });
    },
  );
};
