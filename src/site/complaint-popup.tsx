import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Modal } from '../ui/modal';
import { CaptchaField } from '../forms/captcha/captcha-field';
import { isAbort, uploadFile } from '../forms/upload-client';
import { attachmentLink } from '../shared/attachment-link';
import { CAPTCHA_MESSAGE } from '../shared/constants';

const SUCCESS = 'Compliant sent successfully!'; // so spelled in the product spec
const FAILURE = 'Something went wrong.';
const IMAGE_TYPES = ['image/jpeg', 'image/png'];
const MAX_BYTES = 5 * 1024 * 1024;

type Field = 'subject' | 'message' | 'captcha';
type Attachment =
  | { status: 'none' }
  | { status: 'uploading'; name: string; percent: number }
  | { status: 'done'; name: string; uploadId: string; preview: string }
  | { status: 'error'; message: string };

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The Complaint popup of logged-in users: subject, message, an optional JPEG or PNG uploaded as soon as it is
 * chosen, and the captcha. While it sends, neither close nor submit can be pressed and a spinner shows.
 */
export function ComplaintPopup({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [attachment, setAttachment] = useState<Attachment>({ status: 'none' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | undefined>();
  // A captcha token counts once: each attempt that reached the server starts a fresh check.
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);
  const uploading = attachment.status === 'uploading';

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return setAttachment({ status: 'error', message: 'Please upload a JPEG or PNG image.' });
    if (file.size > MAX_BYTES) return setAttachment({ status: 'error', message: 'The file is larger than 5 MB.' });
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setAttachment({ status: 'uploading', name: file.name, percent: 0 });
    try {
      const [uploaded, preview] = await Promise.all([
        uploadFile(file, {
          kind: 'complaint-image',
          signal: controller.signal,
          onProgress: (fraction) => setAttachment({ status: 'uploading', name: file.name, percent: Math.min(100, Math.round(fraction * 100)) }),
        }),
        readAsDataUrl(file),
      ]);
      setAttachment({ status: 'done', name: file.name, uploadId: uploaded.id, preview });
    } catch (error) {
      setAttachment(isAbort(error) ? { status: 'none' } : { status: 'error', message: error instanceof Error ? error.message : FAILURE });
    } finally {
      if (upload.current === controller) upload.current = null;
    }
  }

  function removeAttachment() {
    upload.current?.abort();
    setAttachment({ status: 'none' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!subject.trim()) found.subject = 'Subject is required';
    if (!message.trim()) found.message = 'Message is required';
    if (!captchaToken) found.captcha = CAPTCHA_MESSAGE;
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length || uploading) return;

    setSubmitting(true);
    let error: string | null = FAILURE;
    try {
      const response = await fetch('/api/users/complaints', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          subject,
          message,
          attachmentLink: attachment.status === 'done' ? attachmentLink(attachment.uploadId) : undefined,
          captcha: captchaToken,
        }),
      });
      const body = (await response.json().catch(() => ({}))) as { success?: unknown; error?: unknown };
      if (response.ok && body.success) error = null;
      else if (typeof body.error === 'string' && body.error) error = body.error;
    } catch {
      // unreachable: the generic message
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
          <span className="required" aria-hidden="true">*</span>
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
                aria-invalid={attachment.status === 'error' || undefined}
                onChange={choose}
              />
              <span className="file-upload-name">{attachment.status === 'uploading' || attachment.status === 'done' ? attachment.name : 'No file chosen'}</span>
              {attachment.status === 'uploading' || attachment.status === 'done' ? (
                <button type="button" className="button button-light file-upload-remove" onClick={removeAttachment} disabled={submitting}>
                  {attachment.status === 'uploading' ? 'Cancel' : 'Remove'}
                </button>
              ) : null}
              {attachment.status === 'uploading' ? (
                <progress className="file-upload-progress complaint-progress" max={100} value={attachment.percent} aria-label={`Uploading ${attachment.name}`} />
              ) : null}
              {attachment.status === 'done' ? <img className="complaint-preview" src={attachment.preview} alt={`Preview of ${attachment.name}`} /> : null}
              {attachment.status === 'error' ? (
                <small className="file-upload-error" role="alert">
                  {attachment.message}
                </small>
              ) : null}
              <small id={`${fileId}-help`} className="field-help">
                {attachment.status === 'uploading' ? `Uploading… ${attachment.percent}%` : 'A JPEG or PNG screenshot, up to 5 MB.'}
              </small>
            </div>
          </div>
          <CaptchaField
            generation={captchaGeneration}
            onToken={(token) => {
              setCaptchaToken(token);
              if (token) setErrors((all) => ({ ...all, captcha: undefined }));
            }}
            error={errors.captcha}
          />
          {serverError ? (
            <p className="form-banner" role="alert">
              {serverError}
            </p>
          ) : null}
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
