import { useImageUpload, type ChosenImage, type ImageRules } from './use-image-upload';
import { UploadNotes } from './upload-notes';

/** What an image field is given: the chosen image, where a new choice goes, and who waits while one uploads. */
export interface ImageFieldProps {
  value: ChosenImage;
  onChange: (image: ChosenImage) => void;
  onBusy: (busy: boolean) => void;
}

/**
 * The controls of an image field: choose (or replace) a file, see the upload's progress and cancel it, remove what was
 * uploaded, and read the hint or why it failed. The field around it shows its label (`${id}-label`) and preview.
 */
export function ImageFileControls({
  id,
  rules,
  value,
  onChange,
  onBusy,
  noun,
  removeText,
  hint,
  emptyText,
}: ImageFieldProps & {
  /** The file input's id. */
  id: string;
  rules: ImageRules;
  /** What the image is called on its buttons: "Choose photo", "Replace photo". */
  noun: string;
  removeText: string;
  hint: string;
  /** Shown while there is no image and no upload, if anything. */
  emptyText?: string;
}) {
  const { progress, uploading, choose, cancel } = useImageUpload(rules, onChange, onBusy);
  return (
    <div className="file-upload">
      <label className="button button-light file-upload-button" htmlFor={id}>
        {value.uploadId ? `Replace ${noun}` : `Choose ${noun}`}
      </label>
      <input
        id={id}
        type="file"
        className="visually-hidden"
        accept={rules.types.join(',')}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-help`}
        aria-invalid={progress.status === 'error' || undefined}
        onChange={choose}
        disabled={uploading}
      />
      {progress.status === 'uploading' ? (
        <>
          <span className="file-upload-name">{progress.name}</span>
          <button type="button" className="button button-light file-upload-remove" onClick={() => cancel()}>
            Cancel
          </button>
          <progress className="file-upload-progress" max={100} value={progress.percent} aria-label={`Uploading ${progress.name}`} />
        </>
      ) : value.uploadId ? (
        <button
          type="button"
          className="button button-light file-upload-remove"
          onClick={() => onChange({ uploadId: null, previewUrl: null })}
        >
          {removeText}
        </button>
      ) : emptyText ? (
        <span className="file-upload-name">{emptyText}</span>
      ) : null}
      <UploadNotes progress={progress} helpId={`${id}-help`} hint={hint} />
    </div>
  );
}
