import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { isAbort, uploadFile, type UploadOptions } from '../../forms/upload-client';

const COVER_KIND: UploadOptions['kind'] = 'blog-cover';
const MAX_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export interface Cover {
  uploadId: string | null;
  /** What the editor shows: the stored cover's URL, or the chosen file read as a data: URL (the CSP allows those). */
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

/** Chooses, uploads (with progress) and previews a post's cover image; onChange gets the upload's id. */
export function CoverUpload({ value, onChange, onBusy }: { value: Cover; onChange: (cover: Cover) => void; onBusy: (busy: boolean) => void }) {
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
    if (!TYPES.includes(file.type)) return setProgress({ status: 'error', message: 'Please choose a JPEG, PNG or WebP image.' });
    if (file.size > MAX_BYTES) return setProgress({ status: 'error', message: 'The image is larger than 5 MB.' });
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setProgress({ status: 'uploading', name: file.name, percent: 0 });
    try {
      const [uploaded, previewUrl] = await Promise.all([
        uploadFile(file, {
          kind: COVER_KIND,
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
    <div className="blog-cover-field">
      <span className="control-label" id={`${id}-label`}>
        Cover image
      </span>
      {value.previewUrl ? <img className="blog-cover-preview" src={value.previewUrl} alt="The cover image" /> : null}
      <div className="file-upload">
        <label className="button button-light file-upload-button" htmlFor={id}>
          {value.uploadId ? 'Replace image' : 'Choose image'}
        </label>
        <input id={id} type="file" className="visually-hidden" accept={TYPES.join(',')} aria-labelledby={`${id}-label`} onChange={choose} disabled={uploading} />
        {progress.status === 'uploading' ? (
          <>
            <span className="file-upload-name">{progress.name}</span>
            <button type="button" className="button button-light file-upload-remove" onClick={() => running.current?.abort()}>
              Cancel
            </button>
            <progress className="blog-upload-progress" max={100} value={progress.percent} aria-label={`Uploading ${progress.name}`} />
            <small className="field-help" aria-live="polite">
              Uploading… {progress.percent}%
            </small>
          </>
        ) : value.uploadId ? (
          <button type="button" className="button button-light file-upload-remove" onClick={() => onChange({ uploadId: null, previewUrl: null })}>
            Remove
          </button>
        ) : (
          <span className="file-upload-name">No image chosen</span>
        )}
        <small className="field-help">A JPEG, PNG or WebP image up to 5 MB, shown above the post and on its card.</small>
        {progress.status === 'error' ? (
          <small className="file-upload-error" role="alert">
            {progress.message}
          </small>
        ) : null}
      </div>
    </div>
  );
}
