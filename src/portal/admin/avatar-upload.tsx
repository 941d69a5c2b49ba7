import { useId } from 'react';
import { useImageUpload, type ChosenImage } from '../../forms/use-image-upload';
import { IMAGE_RULES } from '../../forms/image-rules';
import { UploadNotes } from '../../forms/upload-notes';

export type Avatar = ChosenImage;

/** Chooses, uploads (with progress) and previews a team member's photo; onChange gets the upload's id. */
export function AvatarUpload({
  value,
  name,
  onChange,
  onBusy,
}: {
  value: Avatar;
  name: string;
  onChange: (avatar: Avatar) => void;
  onBusy: (busy: boolean) => void;
}) {
  const id = useId();
  const { progress, uploading, choose, cancel } = useImageUpload(IMAGE_RULES.avatar, onChange, onBusy);

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
            <button
              type="button"
              className="button button-light file-upload-remove"
              onClick={() => onChange({ uploadId: null, previewUrl: null })}
            >
              Remove photo
            </button>
          ) : null}
          {progress.status === 'uploading' ? (
            <>
              <button type="button" className="button button-light file-upload-remove" onClick={() => cancel()}>
                Cancel
              </button>
              <progress className="file-upload-progress" max={100} value={progress.percent} aria-label={`Uploading ${progress.name}`} />
            </>
          ) : null}
          <UploadNotes progress={progress} helpId={`${id}-help`} hint="A square JPEG or PNG works best, up to 2 MB." />
        </div>
      </div>
    </div>
  );
}
