import type { FastifyInstance, FastifyReply } from 'fastify';
import { forbidden } from '../plugins/auth';
import { recordActivity } from '../auth/users';
import { perMinute } from '../http/rate-limits';
import { openUpload } from '../uploads/store';
import { checkJobFields, tidy, type JobInput } from '../jobs/check-job-fields';
import { applyToJob } from '../jobs/job-application';
import { findJobRequest } from '../jobs/job-requests';
import { DEFAULT_VALID_DAYS, STAFF_ROLES, addDays, seesApplicants, staffInScope, todayInKolkata } from '../jobs/job-rules';
import { applicantsOf, countApplicants, findJob, listJobsFor, listPublicJobs, publishRequest, updateJob, uuidPattern, type JobFields } from '../jobs/job-store';
import {
  applicantSchema,
  errorListSchema,
  errorSchema,
  idParams,
  jobRequestSchema,
  pageOf,
  pageQuery,
  patchBody,
  portalJob,
  publicJob,
  publicJobSummary,
  publishBody,
} from '../jobs/job-schemas';

const NO_REQUEST = 'There is no such job request.';
const NO_JOB = 'There is no such job.';

const notFound = (reply: FastifyReply, error: string) => reply.code(404).send({ error });
const invalid = (reply: FastifyReply, errors: { field: string; message: string }[]) => reply.code(400).send({ error: errors[0].message, errors });

type PatchBody = JobInput & { status?: 'published' | 'closed' };

/**
 * Job requests (submissions of the job-posting form) reviewed and published by staff, the public job openings with
 * applying, and the logged-in jobs views with their applicants.
 */
export async function jobRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>(
    '/api/job-requests/:id',
    {
      config: { access: STAFF_ROLES },
      schema: { params: idParams, response: { 200: { type: 'object', properties: { request: jobRequestSchema } }, 404: errorSchema } },
    },
    async (request, reply) => {
      const found = await findJobRequest(app.db, request.params.id);
      if (!found || !staffInScope(request.user, found)) return notFound(reply, NO_REQUEST);
      return { request: found };
    },
  );

  app.post<{ Params: { id: string }; Body: JobInput & Pick<JobFields, 'title'> }>(
    '/api/job-requests/:id/publish',
    {
      config: { access: STAFF_ROLES },
      schema: {
        params: idParams,
        body: publishBody,
        response: { 200: { type: 'object', properties: { job: portalJob } }, 201: { type: 'object', properties: { job: portalJob } }, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const input = tidy(request.body);
      const errors = checkJobFields(input);
      if (errors.length) return invalid(reply, errors);
      const fields: JobFields = {
        title: input.title!,
        description: input.description!,
        companyName: input.companyName!,
        location: input.location!,
        employmentType: input.employmentType!,
        openings: input.openings!,
        experience: input.experience ?? null,
        salaryMin: input.salaryMin ?? null,
        salaryMax: input.salaryMax ?? null,
        validThrough: input.validThrough ?? addDays(todayInKolkata(), DEFAULT_VALID_DAYS),
      };
      const outcome = await app.db.transaction(async (tx) => {
        const found = await findJobRequest(tx, request.params.id, true);
        if (!found || !staffInScope(user, found)) return undefined;
        const published = await publishRequest(tx, found.id, fields, user.id);
        await recordActivity(tx, user.id, 'job.published', { type: 'job', id: published.id }, { title: fields.title, jobRequestId: found.id });
        return published;
      });
      if (!outcome) return notFound(reply, NO_REQUEST);
      const job = (await findJob(app.db, outcome.id))!;
      return reply.code(outcome.created ? 201 : 200).send({ job: { ...job, applicantCount: await countApplicants(app.db, job.id) } });
    },
  );

  app.get<{ Querystring: { page: number; location?: string; q?: string } }>(
    '/api/jobs/public',
    {
      config: { access: 'public' },
      schema: {
        querystring: {
          type: 'object',
          properties: { page: pageQuery, location: { type: 'string', maxLength: 80 }, q: { type: 'string', maxLength: 100 } },
        },
        response: { 200: pageOf(publicJobSummary) },
      },
    },
    async (request) => listPublicJobs(app.db, request.query),
  );

  app.get<{ Params: { id: string } }>(
    '/api/jobs/public/:id',
    {
      config: { access: 'public' },
      schema: { params: idParams, response: { 200: { type: 'object', properties: { job: publicJob } }, 404: errorSchema } },
    },
    async (request, reply) => {
      const job = await findJob(app.db, request.params.id);
      // Expired and closed jobs keep their page (links to them live on), saying they take no applications.
      if (!job || job.status === 'draft') return notFound(reply, NO_JOB);
      return { job };
    },
  );

  app.post<{ Params: { id: string }; Body: { data: Record<string, unknown>; captcha?: string } }>(
    '/api/jobs/public/:id/applications',
    {
      // The same allowance as the site's forms: one client, one bucket.
      config: { access: 'public', rateLimit: perMinute(app.config.formsPerMinute, 'submissions', { groupId: 'forms' }) },
      bodyLimit: 16 * 1024,
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['data'],
          additionalProperties: false,
          properties: {
            // page: sent by the site's form view with every form; the job is in the path.
            page: { type: 'string', maxLength: 200 },
            data: { type: 'object', maxProperties: 20 },
            captcha: { type: 'string', maxLength: 8192 },
          },
        },
        response: { 201: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } }, 400: errorListSchema, 404: errorListSchema, 429: errorListSchema },
      },
    },
    async (request, reply) => {
      const result = await applyToJob(app.db, app.formCatalog, app.captcha, {
        jobId: request.params.id,
        data: request.body.data,
        captcha: request.body.captcha,
        clientIp: request.ip,
      });
      if (result.kind === 'not-found') return reply.code(404).send({ errors: [{ field: '', message: NO_JOB }] });
      if (result.kind === 'invalid') return reply.code(400).send({ errors: result.errors });
      return reply.code(201).send({ id: result.id });
    },
  );

  app.get<{ Querystring: { page: number } }>(
    '/api/jobs',
    {
      config: { access: 'user' },
      schema: { querystring: { type: 'object', properties: { page: pageQuery } }, response: { 200: pageOf(portalJob) } },
    },
    async (request) => listJobsFor(app.db, request.user, request.query.page),
  );

  app.get<{ Params: { id: string } }>(
    '/api/jobs/:id',
    {
      config: { access: 'user' },
      schema: {
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: {
              job: portalJob,
              applicantCount: { type: 'integer' },
              applicants: { type: 'array', items: applicantSchema },
              canSeeApplicants: { type: 'boolean' },
              canEdit: { type: 'boolean' },
            },
          },
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const job = await findJob(app.db, request.params.id);
      const staff = (STAFF_ROLES as readonly string[]).includes(user.role);
      const visible = job && (staff || job.status === 'published' || seesApplicants(user, job));
      if (!job || !visible) return notFound(reply, NO_JOB);
      const canSeeApplicants = seesApplicants(user, job);
      const canEdit = staffInScope(user, job);
      const applicants = canSeeApplicants ? await applicantsOf(app.db, job.id) : [];
      const applicantCount = canSeeApplicants ? applicants.length : await countApplicants(app.db, job.id);
      return {
        job: { ...job, applicantCount },
        applicantCount,
        // Resumes go to the staff who work the job; others see who applied and how to reach them.
        applicants: applicants.map((a) => ({
          ...a,
          resumeUrl: a.hasResume && canEdit ? `/api/jobs/${job.id}/applicants/${a.id}/resume` : null,
        })),
        canSeeApplicants,
        canEdit,
      };
    },
  );

  app.patch<{ Params: { id: string }; Body: PatchBody }>(
    '/api/jobs/:id',
    {
      config: { access: STAFF_ROLES },
      schema: {
        params: idParams,
        body: patchBody,
        response: { 200: { type: 'object', properties: { job: portalJob } }, 400: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const job = await findJob(app.db, request.params.id);
      if (!job) return notFound(reply, NO_JOB);
      if (!staffInScope(user, job)) return forbidden(reply);
      const changes = tidy(request.body);
      const errors = checkJobFields(changes, job);
      const reopening = changes.status === 'published' && job.status !== 'published';
      const validThrough = changes.validThrough ?? job.validThrough;
      if (reopening && !changes.validThrough && validThrough !== null && validThrough < todayInKolkata()) {
        errors.push({ field: 'validThrough', message: 'Give a new last date to apply before publishing this job again.' });
      }
      if (errors.length) return invalid(reply, errors);
      await app.db.transaction(async (tx) => {
        await updateJob(tx, job.id, changes);
        const action = changes.status === 'closed' ? 'job.closed' : reopening ? 'job.published' : 'job.updated';
        await recordActivity(tx, user.id, action, { type: 'job', id: job.id }, { title: changes.title ?? job.title });
      });
      const updated = (await findJob(app.db, job.id))!;
      return { job: { ...updated, applicantCount: await countApplicants(app.db, job.id) } };
    },
  );

  app.get<{ Params: { id: string; applicantId: string } }>(
    '/api/jobs/:id/applicants/:applicantId/resume',
    {
      config: { access: STAFF_ROLES },
      schema: {
        params: {
          type: 'object',
          required: ['id', 'applicantId'],
          properties: { id: { type: 'string', maxLength: 64 }, applicantId: { type: 'string', maxLength: 64 } },
        },
        response: { 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { id, applicantId } = request.params;
      const job = await findJob(app.db, id);
      if (!job || !staffInScope(request.user, job) || !uuidPattern.test(applicantId)) return notFound(reply, 'There is no such resume.');
      const [application] = await app.db.query<{ resume_upload_id: string | null }>(
        'select resume_upload_id from job_applications where id = $1 and job_id = $2',
        [applicantId, job.id],
      );
      const upload = application?.resume_upload_id ? await openUpload(app.db, app.config.dataDir, application.resume_upload_id) : undefined;
      if (!upload) return notFound(reply, 'There is no such resume.');
      const ascii = upload.originalName.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .header('content-type', upload.mediaType)
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(upload.originalName)}`)
        .header('cache-control', 'private, no-store')
        .send(upload.stream());
    },
  );
}
