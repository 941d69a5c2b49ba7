export interface FieldError {
  field: string;
  message: string;
}

export type SubmitOutcome =
  | { kind: 'stored'; id: string }
  | { kind: 'rejected'; errors: FieldError[] }
  | { kind: 'failed' }
  | { kind: 'unreachable' };

/**
 * Sends a form to the form API (or to the endpoint of a record that is not a lead, such as a job application). The
 * server validates again with the same schema and applies the page's fixed values.
 */
export async function submitForm(formId: string, page: string, data: unknown, captcha?: string, endpoint?: string): Promise<SubmitOutcome> {
  let response: Response;
  try {
    response = await fetch(endpoint ?? `/api/forms/${encodeURIComponent(formId)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page, data, captcha }),
    });
  } catch {
    return { kind: 'unreachable' };
  }
  const body = await response.json().catch(() => ({}));
  if (response.ok && body.id) return { kind: 'stored', id: String(body.id) };
  if (response.status === 400 && Array.isArray(body.errors)) return { kind: 'rejected', errors: body.errors };
  return { kind: 'failed' };
}
