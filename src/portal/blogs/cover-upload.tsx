import { useId } from 'react';
import type { ChosenImage } from '../../forms/use-image-upload';
import { IMAGE_RULES } from '../../forms/image-rules';
import { ImageFileControls, type ImageFieldProps } from '../../forms/image-file-controls';

export type Cover = ChosenImage;

/** Chooses, uploads (with progress) and previews a post's cover image; onChange gets the upload's id. */
export function CoverUpload(field: ImageFieldProps) {
  const { value } = field;
  const id = useId();
  return (
    <div className="blog-cover-field">
      <span className="control-label" id={`${id}-label`}>
        Cover image
      </span>
      {value.previewUrl ? <img className="blog-cover-preview" src={value.previewUrl} alt="The post's cover" /> : null}
      <ImageFileControls
        id={id}
        rules={IMAGE_RULES['blog-cover']}
        {...field}
        noun="image"
        removeText="Remove"
        hint="A JPEG, PNG or WebP image up to 5 MB, shown above the post and on its card."
        emptyText="No image chosen"
      />
    </div>
  );
}
