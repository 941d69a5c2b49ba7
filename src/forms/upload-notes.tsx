import type { ImageProgress } from './use-image-upload';

/** Under an image field: why the upload failed, and how far it is (or, while idle, the hint). */
export function UploadNotes({ progress, helpId, hint }: { progress: ImageProgress; helpId: string; hint: string }) {
  return (
    <>
      {progress.status === 'error' ? (
        <small className="file-upload-error" role="alert">
          {progress.message}
        </small>
      ) : null}
      <small id={helpId} className="field-help">
        {progress.status === 'uploading' ? `Uploading… ${progress.percent}%` : hint}
      </small>
    </>
  );
}
