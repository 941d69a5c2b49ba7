import type { Database } from '../db/database';
import type { Captcha } from '../captcha/captcha';
import type { FormCatalog } from '../forms/form-catalog';
import { recordActivity } from '../activity/store';
import { checkFormData, consentRecord, Rejected, spendCaptcha } from '../forms/form-checks';
import { outboxRowsFor } from '../forms/outbox-messages';
import { newConsentLinks } from '../forms/consent-links';
import { insertApplicationTokens } from '../forms/consent-store';
import type { SiteConfig } from '../../shared/generated/site-config';
import type { FieldError } from '../../shared/api/error-body';
import { inJobLanguage } from './job-languages';
import { findJob, hasApplied, insertApplication, isResumeFree, queueOutbox } from './store';
import { APPLICATION_FORM, jobLanguageOf } from '../../shared/job-locales';
import { DEFAULT_LOCALE, localizedRoute, splitLocale } from '../../shared/locales';

const CLOSED_MESSAGE = 'This job is no longer accepting applications.';

export type ApplicationResult = { kind: 'stored'; id: string } | { kind: 'not-found' } | { kind: 'invalid'; errors: FieldError[] };

/**
 * An application to an open job, checked like every form of the site (same schema, messages, captcha spent once),
 * stored with its resume claimed in one transaction.
 */
export async function applyToJob(
  db: Database,
  catalog: FormCatalog,
  site: SiteConfig,
  captcha: Captcha,
  input: { jobId: string; data: Record<string, unknown>; captcha?: string; clientIp?: string; publicUrl: string; page?: string },
): Promise<ApplicationResult> {
  const job = await findJob(db, input.jobId);
  if (!job || job.status === 'draft') return { kind: 'not-found' };
  if (job.expired) return { kind: 'invalid', errors: [{ field: '', message: CLOSED_MESSAGE }] };

  // The job's page in Hindi (/hi/job-openings/<id>) shows the form, its messages and its consent in Hindi.
  const locale = jobLanguageOf(splitLocale(input.page ?? '/').locale);
  const page = localizedRoute(`/job-openings/${job.id}`, locale);
  const english = catalog.forms.get(APPLICATION_FORM);
  const form = catalog.formIn(APPLICATION_FORM, locale);
  if (!english || !form) throw new Error(`pages/forms has no ${APPLICATION_FORM} form`);
  const {
    data,
    errors: fieldErrors,
    check,
  } = await checkFormData(form, input.data, { captcha, token: input.captcha, clientIp: input.clientIp });
  if (fieldErrors.length) return { kind: 'invalid', errors: fieldErrors };

  const email = String(data.email).trim();
  const resume = typeof data.resume === 'string' ? data.resume : null;
  try {
    const id = await db.transaction(async (tx) => {
      await spendCaptcha(tx, check);
      if (await hasApplied(tx, job.id, email))
        throw new Rejected([{ field: 'email', message: 'You have already applied for this job with this email.' }]);
      if (resume && !(await isResumeFree(tx, resume))) throw new Rejected([{ field: 'resume', message: 'Please upload the file again.' }]);
      const applicationId = await insertApplication(tx, {
        jobId: job.id,
        name: String(data.name).trim(),
        email,
        phone: String(data.phone),
        resumeUploadId: resume,
        consent: consentRecord(form.definition.consent, locale, page, new Date()),
      });
      await recordActivity(tx, null, 'job.applied', { type: 'job', id: job.id }, { applicationId, title: job.title });
      // The recruiters hear of it and the applicant gets a receipt, through the outbox like every form.
      const mailData = { ...data, job: `${job.title} at ${job.companyName}` };
      const read = inJobLanguage(job, locale);
      const visitorData = locale === DEFAULT_LOCALE ? mailData : { ...data, job: `${read.title} (${job.companyName})` };
      const { tokens, links } = newConsentLinks(english.definition, input.publicUrl);
      await insertApplicationTokens(tx, applicationId, tokens);
      await queueOutbox(
        tx,
        outboxRowsFor(
          english.definition,
          site,
          {
            id: applicationId,
            createdAt: new Date(),
            data: mailData,
            hasUpload: !!resume,
            links,
          },
          { definition: form.definition, locale, data: visitorData },
        ),
      );
      return applicationId;
    });
    return { kind: 'stored', id };
  } catch (error) {
    if (error instanceof Rejected) return { kind: 'invalid', errors: error.errors };
    throw error;
  }
}
