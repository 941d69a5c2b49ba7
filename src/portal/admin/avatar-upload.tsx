import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { isAbort, uploadFile, type UploadOptions } from '../../forms/upload-client';

const AVATAR_KIND: UploadOptions['kind'] = 'avatar';
const MAX_BYTES = 2 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png'];

export interface Avatar {
  uploadId: string | null;
  /** The stored photo's URL, or a newly chosen file read as a data: URL (the CSP allows those, not blob:). */
  previewUrl: string | null;
}

type Progress = { status: 'idle' } | { status: 'uploading'; name: string; percent: number } | { status: 'error'; message: string };

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Chooses, uploads (with progress) and previews a team member's photo; onChange gets the upload's id. */
export function AvatarUpload({ value, name, onChange, onBusy }: { value: Avatar; name: string; onChange: (avatar: Avatar) => void; onBusy: (busy: boolean) => void }) {
  const id = useId();
  const [progress, setProgress] = useState<Progress>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const uploading = progress.status === 'uploading';
  useEffect(() => onBusy(uploading), [uploading, onBusy]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!TYPES.includes(file.type)) return setProgress({ status: 'error', message: 'Please upload a JPEG or PNG image.' });
    if (file.size > MAX_BYTES) return setProgress({ status: 'error', message: 'The file is larger than 2 MB.' });
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setProgress({ status: 'uploading', name: file.name, percent: 0 });
    try {
      const [uploaded, previewUrl] = await Promise.all([
        uploadFile(file, {
          kind: AVATAR_KIND,
          signal: controller.signal,
          onProgress: (fraction) => setProgress({ status: 'uploading', name: file.name, percent: Math.min(100, Math.round(fraction * 100)) }),
        }),
        readAsDataUrl(file),
      ]);
      setProgress({ status: 'idle' });
      onChange({ uploadId: uploaded.id, previewUrl });
    } catch (error) {
      if (isAbort(error)) return setProgress({ status: 'idle' });
      setProgress({ status: 'error', message: error instanceof Error ? error.message : 'The upload failed. Please try again.' });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  return (
    <div className="form-group">
      <span className="control-label" id={`${id}-label`}>
        Photo
      </span>
      <div className="avatar-upload">
        {value.previewUrl ? (
          <img className="team-avatar team-avatar-large" src={value.previewUrl} alt={name ? `Photo of ${name}` : 'Chosen photo'} />
        ) : (
          <span className="team-avatar team-avatar-large team-avatar-empty" aria-hidden="true" />
        )}
        <div className="file-upload">
          <label className="button button-light file-upload-button" htmlFor={id}>
            {value.uploadId ? 'Replace photo' : 'Choose photo'}
          </label>
          <input
            id={id}
            type="file"
            className="visually-hidden"
            accept="image/jpeg,image/png"
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-help`}
            aria-invalid={progress.status === 'error' || undefined}
            onChange={choose}
          />
          {value.uploadId && !uploading ? (
            <button type="button" className="button button-light file-upload-remove" onClick={() => onChange({ uploadId: null, previewUrl: null })}>
              Remove photo
            </button>
          ) : null}
          {uploading ? (
            <>
              <button type="button" className="button button-light file-upload-remove" onClick={() => running.current?.abort()}>
                Cancel
              </button>
              <progress className="file-upload-progress" max={100} value={progress.percent} aria-label={`Uploading ${progress.name}`} />
            </>
          ) : null}
          {progress.status === 'error' ? (
            <small className="file-upload-error" role="alert">
              {progress.message}
            </small>
          ) : null}
          <small id={`${id}-help`} className="field-help">
            {uploading ? `Uploading… ${progress.percent}%` : 'A square JPEG or PNG works best, up to 2 MB.'}
          </small>
        </div>
      </div>
    </div>
  );
}
