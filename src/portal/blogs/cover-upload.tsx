import { useId } from 'react';
import { useImageUpload, type ChosenImage } from '../../forms/use-image-upload';
import { IMAGE_RULES } from '../../forms/image-rules';

const COVER_RULES = IMAGE_RULES['blog-cover'];

export type Cover = ChosenImage;

/** Chooses, uploads (with progress) and previews a post's cover image; onChange gets the upload's id. */
export function CoverUpload({
  value,
  onChange,
  onBusy,
}: {
  value: Cover;
  onChange: (cover: Cover) => void;
  onBusy: (busy: boolean) => void;
}) {
  const id = useId();
  const { progress, uploading, choose, cancel } = useImageUpload(COVER_RULES, onChange, onBusy);

  return (
    <div className="blog-cover-field">
      <span className="control-label" id={`${id}-label`}>
        Cover image
      </span>
      {value.previewUrl ? <img className="blog-cover-preview" src={value.previewUrl} alt="The post's cover" /> : null}
      <div className="file-upload">
        <label className="button button-light file-upload-button" htmlFor={id}>
          {value.uploadId ? 'Replace image' : 'Choose image'}
        </label>
        <input
          id={id}
          type="file"
          className="visually-hidden"
          accept={COVER_RULES.types.join(',')}
          aria-labelledby={`${id}-label`}
          onChange={choose}
          disabled={uploading}
        />
        {progress.status === 'uploading' ? (
          <>
            <span className="file-upload-name">{progress.name}</span>
            <button type="button" className="button button-light file-upload-remove" onClick={() => cancel()}>
              Cancel
            </button>
            <progress className="blog-upload-progress" max={100} value={progress.percent} aria-label={`Uploading ${progress.name}`} />
            <small className="field-help" aria-live="polite">
              Uploading… {progress.percent}%
            </small>
          </>
        ) : value.uploadId ? (
          <button
            type="button"
            className="button button-light file-upload-remove"
            onClick={() => onChange({ uploadId: null, previewUrl: null })}
          >
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
