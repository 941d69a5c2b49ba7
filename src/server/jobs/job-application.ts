import type { Database } from '../db/database';
import type { Captcha } from '../captcha/captcha';
import type { FormCatalog } from '../forms/form-catalog';
import { recordActivity } from '../auth/users';
import { checkFormData, consentRecord, Rejected, spendCaptcha, type FieldError } from '../forms/form-checks';
import { findJob } from './job-store';
import { outboxRowsFor } from '../forms/outbox-messages';

/** pages/forms/job-application.json: its schema, messages and compiled validator, as the browser uses them. */
export const APPLICATION_FORM = 'job-application';

export const CLOSED_MESSAGE = 'This job is no longer accepting applications.';

export type ApplicationResult =
  | { kind: 'stored'; id: string }
  | { kind: 'not-found' }
  | { kind: 'invalid'; errors: FieldError[] };

/**
 * An application to an open job, checked like every form of the site (same schema, messages, captcha spent once),
 * stored with its resume claimed in one transaction.
 */
export async function applyToJob(
  db: Database,
  catalog: FormCatalog,
  captcha: Captcha,
  input: { jobId: string; data: Record<string, unknown>; captcha?: string; clientIp?: string },
): Promise<ApplicationResult> {
  const job = await findJob(db, input.jobId);
  if (!job || job.status === 'draft') return { kind: 'not-found' };
  if (job.expired) return { kind: 'invalid', errors: [{ field: '', message: CLOSED_MESSAGE }] };

  const form = catalog.forms.get(APPLICATION_FORM)!;
  const { data, errors: fieldErrors, check } = await checkFormData(form, input.data, { captcha, token: input.captcha, clientIp: input.clientIp });
  if (fieldErrors.length) return { kind: 'invalid', errors: fieldErrors };

  const email = String(data.email).trim();
  const resume = typeof data.resume === 'string' ? data.resume : null;
  try {
    const id = await db.transaction(async (tx) => {
      await spendCaptcha(tx, check);
      const already = await tx.query('select 1 from job_applications where job_id = $1 and lower(email) = lower($2)', [job.id, email]);
      if (already.length) throw new Rejected([{ field: 'email', message: 'You have already applied for this job with this email.' }]);
      if (resume) {
        // A resume is one visitor's: not a form submission's, not another application's. The row lock orders two
        // applications racing for the same upload; the second then sees the first's row.
        const free = await tx.query(
          `select id from uploads where id::text = $1 and kind = 'resume' and submission_id is null for update`,
          [resume],
        );
        const taken = free.length ? await tx.query('select 1 from job_applications where resume_upload_id::text = $1', [resume]) : [];
        if (!free.length || taken.length) throw new Rejected([{ field: 'resume', message: 'Please upload the file again.' }]);
      }
      const [row] = await tx.query<{ id: string }>(
        'insert into job_applications (job_id, name, email, phone, resume_upload_id, consent) values ($1, $2, $3, $4, $5, $6::jsonb) returning id',
        [job.id, String(data.name).trim(), email, String(data.phone), resume, consentRecord(form.definition.consent, `/job-openings/${job.id}`, new Date())],
      );
      await recordActivity(tx, null, 'job.applied', { type: 'job', id: job.id }, { applicationId: row.id, title: job.title });
      // The recruiters hear of it and the applicant gets a receipt, through the outbox like every form.
      const mailData = { ...data, job: `${job.title} at ${job.companyName}` };
      for (const r of outboxRowsFor(form.definition, catalog.site, { id: row.id, createdAt: new Date(), data: mailData, hasUpload: !!resume })) {
        await tx.query('insert into outbox (kind, payload) values ($1, $2::jsonb)', [r.kind, JSON.stringify(r.payload)]);
      }
      return row.id;
    });
    return { kind: 'stored', id };
  } catch (error) {
    if (error instanceof Rejected) return { kind: 'invalid', errors: error.errors };
    throw error;
  }
}
