import type { Database } from '../db/database';
import type { Captcha } from '../captcha/captcha';
import { formUseOn, upcomingEventsOn, type FormCatalog } from './form-catalog';
import { outboxRowsFor } from './outbox-messages';
import type { FieldError } from '../../shared/api/error-body';
import { checkFormData, consentRecord, Rejected, spendCaptcha } from './form-checks';
import { claimUpload, insertSubmission } from './store';
import { queueOutboxRows } from '../outbox/store';

export interface SubmissionInput {
  formId: string;
  page: string;
  data: Record<string, unknown>;
  captcha?: string;
  clientIp?: string;
}

export type SubmissionResult = { kind: 'stored'; id: string } | { kind: 'unknown-form' } | { kind: 'invalid'; errors: FieldError[] };

/** Fields the form renders with the file-upload widget hold the id of an upload to claim. */
function uploadFields(ui: Record<string, unknown>): { field: string; kind: string }[] {
  return Object.entries(ui).flatMap(([field, options]) => {
    const o = options as { 'ui:widget'?: string; 'ui:options'?: { uploadKind?: string } } | undefined;
    return o?.['ui:widget'] === 'file-upload' ? [{ field, kind: o['ui:options']?.uploadKind ?? 'resume' }] : [];
  });
}

/**
 * Takes a submission as the page's config allows it: the page's fixed values replace whatever the client sent,
 * the form's schema and messages decide what is valid, the captcha is spent, and the record with its uploads and
 * outbox rows is stored in one transaction.
 */
export async function submitForm(db: Database, catalog: FormCatalog, captcha: Captcha, input: SubmissionInput): Promise<SubmissionResult> {
  const form = catalog.forms.get(input.formId);
  if (!form) return { kind: 'unknown-form' };
  const { definition } = form;
  const page = await catalog.page(input.page);
  const use = formUseOn(page, input.formId);
  if (!use) return { kind: 'invalid', errors: [{ field: '', message: 'This form is not available on that page.' }] };

  const {
    data,
    errors: fieldErrors,
    check,
  } = await checkFormData(form, input.data, {
    fixed: use.fixed ?? {},
    captcha,
    token: input.captcha,
    clientIp: input.clientIp,
  });

  if (input.formId === 'event-registration' && typeof data.event === 'string') {
    if (!page || !upcomingEventsOn(page).includes(data.event))
      fieldErrors.push({ field: 'event', message: 'Registration for this event is closed.' });
  }
  if (fieldErrors.length) return { kind: 'invalid', errors: fieldErrors };

  const uploads = uploadFields(definition.ui).filter(({ field }) => typeof data[field] === 'string');
  const now = new Date();
  try {
    const id = await db.transaction(async (tx) => {
      await spendCaptcha(tx, check);
      const city = typeof data.city === 'string' ? data.city : (page?.city ?? null);
      const consent = consentRecord(definition.consent, input.page, now);
      const row = await insertSubmission(tx, {
        formId: definition.id,
        collection: definition.collection,
        page: input.page,
        city,
        data,
        consent,
        clientIp: input.clientIp ?? null,
        createdAt: now,
      });
      for (const { field, kind } of uploads) {
        if (!(await claimUpload(tx, row.id, data[field], kind))) throw new Rejected([{ field, message: 'Please upload the file again.' }]);
      }
      // The page's fixed values and an event it lists are the site's words, quoted as they are.
      const trusted = [...Object.keys(use.fixed ?? {}), ...(input.formId === 'event-registration' ? ['event'] : [])];
      const stored = { id: row.id, createdAt: row.createdAt, data, hasUpload: uploads.length > 0, trusted };
      await queueOutboxRows(tx, row.id, outboxRowsFor(definition, catalog.site, stored));
      return row.id;
    });
    return { kind: 'stored', id };
  } catch (error) {
    if (error instanceof Rejected) return { kind: 'invalid', errors: error.errors };
    throw error;
  }
}
