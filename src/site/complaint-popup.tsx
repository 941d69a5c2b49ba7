import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Modal } from '../ui/modal';
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

const SUCCESS = 'Compliant sent successfully!'; // so spelled in the product spec
const FAILURE = 'Something went wrong.';
const noImage: ChosenImage = { uploadId: null, previewUrl: null };
const ignore = () => {};

type Field = 'subject' | 'message' | 'captcha';

/**
 * The Complaint popup of logged-in users: subject, message, an optional JPEG or PNG uploaded as soon as it is
 * chosen, and the captcha. While it sends, neither close nor submit can be pressed and a spinner shows.
 */
export function ComplaintPopup({ onClose }: { onClose: () => void }) {
  const id = useId();
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
    const found: Partial<Record<Field, string>> = {};
    if (!subject.trim()) found.subject = 'Subject is required';
    if (!message.trim()) found.message = 'Message is required';
    if (!captchaToken) found.captcha = CAPTCHA_MESSAGE;
    setErrors(found);
    setServerError(null);
    if (found.subject || found.message || found.captcha) setRefusals((n) => n + 1);
    if (Object.keys(found).length || uploading) return;

    setSubmitting(true);
    let error: string | null = null;
    try {
      const body: NewComplaint = {
        subject,
        message,
        attachmentLink: image.uploadId ? attachmentLink(image.uploadId) : undefined,
        captcha: captchaToken,
      };
      await api<ComplaintFiled>('/api/users/complaints', { body });
    } catch (e) {
      // The server's error field when it gave one, otherwise the generic message.
      error = e instanceof ApiError && e.fromServer ? e.message : FAILURE;
    }
    setSubmitting(false);
    if (!error) {
      toast.success(SUCCESS, { autoClose: 4000 });
      return onClose();
    }
    setServerError(error);
    setCaptchaToken(undefined);
    setCaptchaGeneration((g) => g + 1);
  }

  const field = (name: 'subject' | 'message', label: string) => {
    const inputId = `${id}-${name}`;
    const error = errors[name];
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
          {label}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        {name === 'subject' ? <input {...props} maxLength={200} autoComplete="off" /> : <textarea {...props} rows={5} maxLength={5000} />}
        {error ? (
          <p id={`${inputId}-error`} className="text-danger">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  const fileId = `${id}-attachment`;
  return (
    <Modal title="Raise a Complaint" onClose={onClose} locked={submitting} className="form-dialog complaint-dialog">
      <div className="form-card complaint-form">
        <form onSubmit={submit} noValidate aria-busy={submitting}>
          <p className="form-intro">Tell us what went wrong. Our team reads every complaint and will get back to you.</p>
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
          {field('subject', 'Subject')}
          {field('message', 'Message')}
          <div className="form-group">
            <span className="control-label" id={`${fileId}-label`}>
              Attachment (optional)
            </span>
            <div className="file-upload">
              <label className="button button-light file-upload-button" htmlFor={fileId}>
                Choose Image
              </label>
              <input
                id={fileId}
                type="file"
                className="visually-hidden"
                accept="image/jpeg,image/png"
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
              <UploadNotes progress={progress} helpId={`${fileId}-help`} hint="A JPEG or PNG screenshot, up to 5 MB." />
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
                  <span className="button-spinner" aria-hidden="true" /> Sending…
                </>
              ) : (
                'Submit'
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
