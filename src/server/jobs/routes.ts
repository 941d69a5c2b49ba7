import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { forbidden, type SignedInUser } from '../auth/plugin';
import { recordActivity } from '../activity/store';
import { FieldErrors } from '../http/error-reply';
import { formSubmissions } from '../http/rate-limits';
import { openUpload } from '../uploads/store';
import { sendUpload } from '../uploads/send-upload';
import {
  ApplicationBody,
  ApplicationCreated,
  JobChanges,
  JobDetail,
  JobListQuery,
  JobPage,
  JobParams,
  JobReply,
  JobRequestReply,
  OpeningsPage,
  OpeningsQuery,
  PublicJobQuery,
  PublicJobReply,
  PublishJobBody,
  ResumeParams,
} from '../../shared/api/jobs';
import { JOB_BOARD_ROLES, STAFF_ROLES, isStaff } from '../../shared/roles';
import { applyToJob } from './application';
import { checkJobFields, tidy } from './fields';
import { inJobLanguage } from './job-languages';
import { DEFAULT_VALID_DAYS, addDays, seesApplicants, staffInScope, todayInKolkata } from './rules';
import { whatsappTexts } from '../lead-routing/whatsapp-messages';
import {
  JOB_REQUEST_FORM,
  findJob,
  findJobRequest,
  listJobsFor,
  listPublicJobs,
  publishRequest,
  resumeUploadOf,
  updateJob,
  type JobFields,
} from './store';

const NO_REQUEST = 'There is no such job request.';
const NO_JOB = 'There is no such job.';
const NO_RESUME = 'There is no such resume.';

/**
 * Job requests (submissions of the job-posting form) reviewed and published by staff, the public job openings with
 * applying, and the logged-in jobs views with their applicants.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  /** A job the user may open in the portal: staff see every job, others open ones and those whose applicants they see. */
  async function visibleJob(user: SignedInUser, id: string) {
    const job = await findJob(app.db, id);
    return job && (isStaff(user.role) || job.status === 'published' || seesApplicants(user, job)) ? job : undefined;
  }

  app.get(
    '/api/job-requests/:id',
    { config: { access: STAFF_ROLES }, schema: { params: JobParams, response: { 200: JobRequestReply } } },
    async (request, reply) => {
      const found = await findJobRequest(app.db, request.params.id);
      if (!found || !staffInScope(request.user, found)) return reply.notFound(NO_REQUEST);
      const { contactName, companyName } = found.data;
      const whatsapp = whatsappTexts(
        app.leadRouting,
        JOB_REQUEST_FORM,
        { name: contactName ?? companyName, city: found.city },
        request.user,
      );
      return { request: found, whatsapp };
    },
  );

  app.post(
    '/api/job-requests/:id/publish',
    { config: { access: STAFF_ROLES }, schema: { params: JobParams, body: PublishJobBody, response: { 200: JobReply, 201: JobReply } } },
    async (request, reply) => {
      const user = request.user;
      const input = tidy(request.body);
      const errors = checkJobFields(input);
      if (errors.length) throw new FieldErrors(400, errors);
      const fields: JobFields = {
        ...input,
        experience: input.experience ?? null,
        salaryMin: input.salaryMin ?? null,
        salaryMax: input.salaryMax ?? null,
        validThrough: input.validThrough ?? addDays(todayInKolkata(), DEFAULT_VALID_DAYS),
      };
      const outcome = await app.db.transaction(async (tx) => {
        const found = await findJobRequest(tx, request.params.id, true);
        if (!found || !staffInScope(user, found)) return undefined;
        const published = await publishRequest(tx, found.id, fields, user.id);
        await recordActivity(
          tx,
          user.id,
          'job.published',
          { type: 'job', id: published.id },
          { title: fields.title, jobRequestId: found.id },
        );
        return published;
      });
      const job = outcome && (await findJob(app.db, outcome.id));
      if (!outcome || !job) return reply.notFound(NO_REQUEST);
      return reply.code(outcome.created ? 201 : 200).send({ job });
    },
  );

  app.get(
    '/api/jobs/public',
    { config: { access: 'public' }, schema: { querystring: OpeningsQuery, response: { 200: OpeningsPage } } },
    async (request) => listPublicJobs(app.db, request.query),
  );

  app.get(
    '/api/jobs/public/:id',
    { config: { access: 'public' }, schema: { params: JobParams, querystring: PublicJobQuery, response: { 200: PublicJobReply } } },
    async (request, reply) => {
      const job = await findJob(app.db, request.params.id);
      // Expired and closed jobs keep their page (links to them live on), saying they take no applications.
      if (!job || job.status === 'draft') return reply.notFound(NO_JOB);
      return { job: inJobLanguage(job, request.query.lang) };
    },
  );

  app.post(
    '/api/jobs/public/:id/applications',
    {
      config: { access: 'public', rateLimit: formSubmissions(app.config.formsPerMinute) },
      bodyLimit: 16 * 1024,
      schema: { params: JobParams, body: ApplicationBody, response: { 201: ApplicationCreated } },
    },
    async (request, reply) => {
      const { data, captcha, page } = request.body;
      const result = await applyToJob(app.db, app.formCatalog, app.siteConfig, app.captcha, {
        jobId: request.params.id,
        page,
        data,
        captcha,
        clientIp: request.ip,
        publicUrl: app.config.publicUrl,
      });
      if (result.kind === 'not-found') return reply.notFound(NO_JOB);
      if (result.kind === 'invalid') throw new FieldErrors(400, result.errors);
      return reply.code(201).send({ id: result.id });
    },
  );

  app.get(
    '/api/jobs',
    { config: { access: JOB_BOARD_ROLES }, schema: { querystring: JobListQuery, response: { 200: JobPage } } },
    async (request) => listJobsFor(app.db, request.user, request.query),
  );

  app.get(
    '/api/jobs/:id',
    { config: { access: JOB_BOARD_ROLES }, schema: { params: JobParams, response: { 200: JobDetail } } },
    async (request, reply) => {
      const user = request.user;
      const job = await visibleJob(user, request.params.id);
      if (!job) return reply.notFound(NO_JOB);
      const { applicantCount } = job;
      return { job, applicantCount, canSeeApplicants: seesApplicants(user, job), canEdit: staffInScope(user, job) };
    },
  );

  app.patch(
    '/api/jobs/:id',
    { config: { access: STAFF_ROLES }, schema: { params: JobParams, body: JobChanges, response: { 200: JobReply } } },
    async (request, reply) => {
      const user = request.user;
      const job = await findJob(app.db, request.params.id);
      if (!job) return reply.notFound(NO_JOB);
      if (!staffInScope(user, job)) return forbidden(reply);
      const changes = tidy(request.body);
      const errors = checkJobFields(changes, job);
      const reopening = changes.status === 'published' && job.status !== 'published';
      const validThrough = changes.validThrough ?? job.validThrough;
      if (reopening && !changes.validThrough && validThrough !== null && validThrough < todayInKolkata()) {
        errors.push({ field: 'validThrough', message: 'Give a new last date to apply before publishing this job again.' });
      }
      if (errors.length) throw new FieldErrors(400, errors);
      await app.db.transaction(async (tx) => {
        await updateJob(tx, job.id, changes);
        const action = changes.status === 'closed' ? 'job.closed' : reopening ? 'job.published' : 'job.updated';
        await recordActivity(tx, user.id, action, { type: 'job', id: job.id }, { title: changes.title ?? job.title });
      });
      const updated = await findJob(app.db, job.id);
      if (!updated) return reply.notFound(NO_JOB);
      return { job: updated };
    },
  );

  app.get(
    '/api/jobs/:id/applicants/:applicantId/resume',
    { config: { access: STAFF_ROLES }, schema: { params: ResumeParams } },
    async (request, reply) => {
      const { id, applicantId } = request.params;
      const job = await findJob(app.db, id);
      const uploadId = job && staffInScope(request.user, job) ? await resumeUploadOf(app.db, job.id, applicantId) : undefined;
      const upload = uploadId ? await openUpload(app.db, app.config.dataDir, uploadId) : undefined;
      if (!upload) return reply.notFound(NO_RESUME);
      return sendUpload(reply, upload, { as: 'attachment', cache: 'private', missing: NO_RESUME });
    },
  );
};

export const jobRoutes = fp(routes, {
  name: 'jobs',
  dependencies: ['database', 'captcha', 'forms', 'lead-routing', 'site-config'],
  encapsulate: true,
});
