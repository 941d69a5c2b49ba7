import { api, ApiError } from '../lib/api-client';
import type { FieldError } from '../shared/api/error-body';
import type { FormSubmission, FormSubmitted, LeadSubmission } from '../shared/api/forms';
import { keptAttribution } from '../lib/visit-attribution';

export type SubmitOutcome =
  | { kind: 'stored'; id: string; reference?: string }
  | { kind: 'rejected'; errors: FieldError[] }
  | { kind: 'failed' }
  | { kind: 'unreachable' };

/**
 * Sends a form to the form API (or to the endpoint of a record that is not a lead, such as a job application). The
 * server validates again with the same schema and applies the page's fixed values.
 */
export async function submitForm(
  formId: string,
  page: string,
  data: FormSubmission['data'],
  captcha?: string,
  endpoint?: string,
): Promise<SubmitOutcome> {
  try {
    // A lead carries where its visitor came from; a record of its own endpoint (a job application) does not.
    const body: LeadSubmission = endpoint ? { page, data, captcha } : { page, data, captcha, attribution: keptAttribution() ?? undefined };
    // A record of its own endpoint (a job application) is not a lead and has no reference.
    const { id, reference } = await api<Partial<FormSubmitted>>(endpoint ?? `/api/forms/${encodeURIComponent(formId)}`, { body });
    return { kind: 'stored', id: String(id), reference };
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'failed' };
    if (error.status === 0) return { kind: 'unreachable' };
    if (error.status === 400 && error.fieldErrors.length) return { kind: 'rejected', errors: error.fieldErrors };
    return { kind: 'failed' };
  }
}
