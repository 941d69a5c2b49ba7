import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Modal } from '../ui/modal';
import { SiteLink, usePageLocale } from '../ui/site-navigation';
import { CaptchaField } from '../forms/captcha/captcha-field';
import { useImageUpload, type ChosenImage } from '../forms/use-image-upload';
import { IMAGE_RULES } from '../forms/image-rules';
import { UploadNotes } from '../forms/upload-notes';
import { ErrorSummary } from '../forms/error-summary';
import { attachmentLink } from '../shared/attachment-link';
import { api, ApiError } from '../lib/api-client';
import { FormBanner } from '../ui/form-banner';
import type { ComplaintFiled, NewComplaint } from '../shared/api/complaints';
import { CAPTCHA_MESSAGE } from '../shared/constants';
import { COMPLAINT_FORM } from '../shared/complaint-form';
import { useLoadedForm } from '../content/page-bundle';
import { fieldErrorsOf, formFieldsOf } from '../shared/form-field-errors';

const noImage: ChosenImage = { uploadId: null, previewUrl: null };
const ignore = () => {};

type Field = 'subject' | 'message' | 'captcha';
type TextField = { title?: string; maxLength?: number };
type FieldUi = { 'ui:widget'?: string; 'ui:autocomplete'?: string; 'ui:options'?: { rows?: number; label?: string; help?: string } };

/**
 * The Complaint popup of logged-in users: subject, message, an optional JPEG or PNG uploaded as soon as it is
 * chosen, and the captcha. While it sends, neither close nor submit can be pressed and a spinner shows. Its fields,
 * rules, messages and texts are the complaint form of pages/forms, checked with its compiled validator as the
 * server checks them; the popup lays them out itself for the image's preview and the locked dialog.
 */
export function ComplaintPopup({ onClose }: { onClose: () => void }) {
  const id = useId();
  const { definition, validator } = useLoadedForm(COMPLAINT_FORM, usePageLocale());
  const schemaOf = (name: string) => (definition.schema.properties?.[name] ?? {}) as TextField;
  const uiOf = (name: string) => (definition.ui[name] ?? {}) as FieldUi;
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [image, setImage] = useState<ChosenImage>(noImage);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | undefined>();
  // A captcha token counts once: each attempt that reached the server starts a fresh check.
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const { progress, uploading, choose, cancel } = useImageUpload(IMAGE_RULES['complaint-image'], setImage, ignore);
  // Each refused submit moves focus to the error summary, which says what to fix.
  const [refusals, setRefusals] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusals) summaryRef.current?.focus();
  }, [refusals]);

  function removeAttachment() {
    cancel();
    setImage(noImage);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const link = image.uploadId ? attachmentLink(image.uploadId) : undefined;
    const data = formFieldsOf(definition.schema, { subject, message, attachmentLink: link });
    const found: Partial<Record<Field, string>> = {};
    for (const error of fieldErrorsOf(validator, definition.schema, data)) found[error.field as Field] ??= error.message;
    if (definition.captcha && !captchaToken) found.captcha = CAPTCHA_MESSAGE;
    setErrors(found);
    setServerError(null);
    if (found.subject || found.message || found.captcha) setRefusals((n) => n + 1);
    if (Object.keys(found).length || uploading) return;

    setSubmitting(true);
    let refusal: string | undefined;
    let filed: ComplaintFiled | undefined;
    try {
      const body: NewComplaint = { subject, message, attachmentLink: link, captcha: captchaToken };
      filed = await api<ComplaintFiled>('/api/users/complaints', { body });
    } catch (e) {
      // The server's error field when it gave one, otherwise the form's own failure text.
      refusal = e instanceof ApiError && e.fromServer ? e.message : (definition.onError.banner?.text ?? '');
    }
    setSubmitting(false);
    if (refusal === undefined) {
      const sent = definition.onSuccess.toast;
      // The form's words, then the reference the sender finds the complaint by in "My complaints".
      if (sent) toast.success(`${sent.text} Reference ${filed?.reference ?? ''}.`, { autoClose: sent.autoCloseMs });
      return onClose();
    }
    setServerError(refusal);
    setCaptchaToken(undefined);
    setCaptchaGeneration((g) => g + 1);
  }

  const field = (name: 'subject' | 'message') => {
    const inputId = `${id}-${name}`;
    const error = errors[name];
    const { title, maxLength } = schemaOf(name);
    const ui = uiOf(name);
    const props = {
      id: inputId,
      className: 'form-control',
      value: name === 'subject' ? subject : message,
      disabled: submitting,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${inputId}-error` : undefined,
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        (name === 'subject' ? setSubject : setMessage)(e.target.value);
        if (error) setErrors((all) => ({ ...all, [name]: undefined }));
      },
    };
    return (
      <div className={`form-group${error ? ' has-error' : ''}`}>
        <label className="control-label" htmlFor={inputId}>
          {title}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        {ui['ui:widget'] === 'textarea' ? (
          <textarea {...props} rows={ui['ui:options']?.rows} maxLength={maxLength} />
        ) : (
          <input {...props} maxLength={maxLength} autoComplete={ui['ui:autocomplete']} />
        )}
        {error ? (
          <p id={`${inputId}-error`} className="text-danger">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  const fileId = `${id}-attachment`;
  const attachment = uiOf('attachmentLink')['ui:options'] ?? {};
  return (
    <Modal title={definition.title ?? ''} onClose={onClose} locked={submitting} className="form-dialog complaint-dialog">
      <div className="form-card complaint-form">
        <form onSubmit={submit} noValidate aria-busy={submitting}>
          <p className="form-intro">{String(definition.ui['ui:description'] ?? '')}</p>
          <p className="form-intro">
            <SiteLink href="/my-complaints" onClick={onClose}>
              My complaints
            </SiteLink>
            : those you sent, with their references and where each stands.
          </p>
          {errors.subject || errors.message || errors.captcha ? (
            <ErrorSummary
              id={`${id}-errors`}
              ref={summaryRef}
              items={(['subject', 'message', 'captcha'] as const).flatMap((name) => {
                const message = errors[name];
                return message ? [{ fieldId: `${id}-${name}`, message }] : [];
              })}
            />
          ) : null}
          {field('subject')}
          {field('message')}
          <div className="form-group">
            <span className="control-label" id={`${fileId}-label`}>
              {schemaOf('attachmentLink').title}
            </span>
            <div className="file-upload">
              <label className="button button-light file-upload-button" htmlFor={fileId}>
                {attachment.label}
              </label>
              <input
                id={fileId}
                type="file"
                className="visually-hidden"
                accept={IMAGE_RULES['complaint-image'].types.join(',')}
                disabled={submitting}
                aria-labelledby={`${fileId}-label`}
                aria-describedby={`${fileId}-help`}
                aria-invalid={progress.status === 'error' || undefined}
                onChange={choose}
              />
              <span className="file-upload-name">{progress.status === 'uploading' ? progress.name : (image.name ?? 'No file chosen')}</span>
              {uploading || image.uploadId ? (
                <button type="button" className="button button-light file-upload-remove" onClick={removeAttachment} disabled={submitting}>
                  {uploading ? 'Cancel' : 'Remove'}
                </button>
              ) : null}
              {progress.status === 'uploading' ? (
                <progress
                  className="file-upload-progress complaint-progress"
                  max={100}
                  value={progress.percent}
                  aria-label={`Uploading ${progress.name}`}
                />
              ) : null}
              {image.previewUrl && !uploading ? (
                <img className="complaint-preview" src={image.previewUrl} alt={`Preview of ${image.name}`} />
              ) : null}
              <UploadNotes progress={progress} helpId={`${fileId}-help`} hint={attachment.help ?? ''} />
            </div>
          </div>
          <CaptchaField
            id={`${id}-captcha`}
            generation={captchaGeneration}
            onToken={(token) => {
              setCaptchaToken(token);
              if (token) setErrors((all) => ({ ...all, captcha: undefined }));
            }}
            error={errors.captcha}
          />
          <FormBanner message={serverError} />
          <div className="button-row">
            <button type="button" className="button button-light" onClick={onClose} disabled={submitting}>
              Close
            </button>
            <button type="submit" className="button" disabled={submitting || uploading}>
              {submitting ? (
                <>
                  <span className="button-spinner" aria-hidden="true" /> {definition.busyLabel}
                </>
              ) : (
                definition.submitLabel
              )}
            </button>
          </div>
          {submitting ? (
            <span className="visually-hidden" role="status">
              Sending your complaint
            </span>
          ) : null}
        </form>
      </div>
    </Modal>
  );
}
