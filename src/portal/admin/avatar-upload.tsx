import { useId } from 'react';
import type { ChosenImage } from '../../forms/use-image-upload';
import { IMAGE_RULES } from '../../forms/image-rules';
import { ImageFileControls, type ImageFieldProps } from '../../forms/image-file-controls';

export type Avatar = ChosenImage;

/** Chooses, uploads (with progress) and previews a team member's photo; onChange gets the upload's id. */
export function AvatarUpload({ name, ...field }: ImageFieldProps & { name: string }) {
  const { value } = field;
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
          {...field}
          noun="photo"
          removeText="Remove photo"
          hint="A square JPEG or PNG works best, up to 2 MB."
        />
      </div>
    </div>
  );
}
