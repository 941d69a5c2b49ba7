import { useMemo, useState } from 'react';
import Form from '@rjsf/core';
import type { ErrorSchema, RegistryWidgetsType, UiSchema } from '@rjsf/utils';
import { useLoadedForm } from '../../../content/page-bundle';
import { fillPlaceholders } from '../../../content/placeholders';
import { moveRequiredMessagesToFields } from '../../../forms/transform-errors';
import { TelWidget } from '../../../forms/widgets/tel-widget';
import { FileUploadWidget } from '../../../forms/widgets/file-upload-widget';
import { CaptchaField } from '../../../forms/captcha/captcha-field';
import { CAPTCHA_MESSAGE } from '../../../shared/constants';

const widgets: RegistryWidgetsType = { tel: TelWidget, 'file-upload': FileUploadWidget };

type Data = Record<string, unknown>;
type FieldError = { field: string; message: string };

/**
 * The job-application form of pages/forms, validated in the browser with its precompiled validator and again on the
 * server with the same one. It posts to the job's own endpoint, which stores an application, not a lead.
 */
export default function ApplyForm({ jobId }: { jobId: string }) {
  const { definition, validator } = useLoadedForm('job-application');
  const [formData, setFormData] = useState<Data>({});
  const [generation, setGeneration] = useState(0);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>();
  const [banner, setBanner] = useState<string | null>(null);
  const [done, setDone] = useState<{ title?: string; text: string } | null>(null);
  const [captchaToken, setCaptchaToken] = useState<string | undefined>();
  const [captchaError, setCaptchaError] = useState<string | undefined>();
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const [uploading, setUploading] = useState<string[]>([]);
  const formContext = useMemo(
    () => ({
      onUploading: (field: string, running: boolean) => setUploading((list) => (running ? [...new Set([...list, field])] : list.filter((f) => f !== field))),
    }),
    [],
  );
  const uiSchema = useMemo<UiSchema>(() => ({ ...definition.ui, 'ui:submitButtonOptions': { norender: true } }), [definition.ui]);

  async function submit(data: Data) {
    if (definition.captcha && !captchaToken) return setCaptchaError(CAPTCHA_MESSAGE);
    setBusy(true);
    setBanner(null);
    setServerErrors(undefined);
    setCaptchaError(undefined);
    const sent = await send(jobId, data, captchaToken);
    const errors = sent === 'unreachable' ? [{ field: '', message: definition.networkErrorText ?? 'Could not reach the server. Please try again.' }] : sent;
    setBusy(false);
    setCaptchaToken(undefined);
    setCaptchaGeneration((g) => g + 1);
    if (errors === null) {
      const panel = definition.onSuccess.panel ?? { text: 'Your application has been sent.' };
      setDone(fillPlaceholders(panel, { name: String(data.name ?? '') }));
      setFormData({});
      setGeneration((g) => g + 1);
      return;
    }
    const byField = errors.filter((e) => e.field && e.field !== 'captcha');
    setServerErrors(Object.fromEntries(byField.map((e) => [e.field, { __errors: [e.message] }])) as ErrorSchema);
    const captchaProblem = errors.find((e) => e.field === 'captcha');
    if (captchaProblem) setCaptchaError(captchaProblem.message);
    const general = errors.find((e) => !e.field);
    if (general) setBanner(general.message);
    else if (!byField.length && !captchaProblem) setBanner(definition.onError.banner?.text ?? 'Your application could not be sent.');
  }

  if (done) {
    return (
      <div className="result-panel" role="status">
        <div className="result-icon" aria-hidden="true">✓</div>
        <h3>{done.title}</h3>
        <p>{done.text}</p>
      </div>
    );
  }

  return (
    <Form
      key={generation}
      schema={definition.schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      widgets={widgets}
      onChange={(e) => setFormData(e.formData as Data)}
      onSubmit={(e) => submit(e.formData as Data)}
      transformErrors={moveRequiredMessagesToFields}
      extraErrors={serverErrors}
      formContext={formContext}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      disabled={busy}
      idPrefix={`job-application-${generation}`}
      className="rjsf form-job-application"
    >
      {definition.captcha ? (
        <CaptchaField
          generation={captchaGeneration}
          error={captchaError}
          onToken={(token) => {
            setCaptchaToken(token);
            if (token) setCaptchaError(undefined);
          }}
        />
      ) : null}
      {definition.consent ? <p className="form-consent">{definition.consent}</p> : null}
      {banner ? (
        <p className="form-banner" role="alert">
          {banner}
        </p>
      ) : null}
      <button type="submit" className="button button-block" disabled={busy || uploading.length > 0} aria-busy={busy || undefined}>
        {busy ? definition.busyLabel : uploading.length ? 'Uploading file…' : definition.submitLabel}
      </button>
    </Form>
  );
}

/** Sends the application; null when stored, else the errors to show. */
async function send(jobId: string, data: Data, captcha: string | undefined): Promise<FieldError[] | null | 'unreachable'> {
  let response: Response;
  try {
    response = await fetch(`/api/jobs/public/${encodeURIComponent(jobId)}/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data, captcha }),
    });
  } catch {
    return 'unreachable';
  }
  if (response.ok) return null;
  const body = await response.json().catch(() => ({}));
  if (Array.isArray(body.errors) && body.errors.length) return body.errors;
  return [{ field: '', message: 'Your application could not be sent. Please try again.' }];
}
