import { useId } from 'react';
import type { ChosenImage } from '../../forms/use-image-upload';
import { IMAGE_RULES } from '../../forms/image-rules';
import { ImageFileControls } from '../../forms/image-file-controls';

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
        <ImageFileControls
          id={id}
          rules={IMAGE_RULES.avatar}
          value={value}
          onChange={onChange}
          onBusy={onBusy}
          noun="photo"
          removeText="Remove photo"
          hint="A square JPEG or PNG works best, up to 2 MB."
        />
      </div>
    </div>
  );
}
