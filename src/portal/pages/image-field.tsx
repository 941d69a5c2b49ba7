import { useId, useState, type ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { MAX_PAGE_IMAGE_BYTES, PAGE_IMAGE_TOO_LARGE } from '../../shared/api/page-editor';
import { ApiError } from '../../lib/api-client';
import { useUploadPageImage } from './page-queries';

/** The list of images every image field offers (a datalist the editor renders once). */
export const IMAGE_LIST_ID = 'page-editor-images';

const ACCEPTED = 'image/png,image/jpeg,image/webp';

/** The file's bytes in base64, as the upload call takes them. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * An image path field: offers the images of public/ and the uploaded ones, shows the one chosen, and uploads a new one
 * (PNG, JPEG or WebP up to 2 MB), which it then names. A refused upload is said in words under the field.
 */
export function ImageField(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  const upload = useUploadPageImage();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const messageId = useId();
  const { onChange } = props;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setError(null);
    setDone(null);
    if (!file) return;
    try {
      if (file.size > MAX_PAGE_IMAGE_BYTES) throw new ApiError(413, PAGE_IMAGE_TOO_LARGE);
      const { image } = await upload.mutateAsync({ name: file.name, data: await base64Of(file) });
      onChange(image.path);
      setDone(`Uploaded ${image.name} (${image.width} × ${image.height}) as ${image.path}.`);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'The image could not be uploaded. Please try again.');
    } finally {
      input.value = ''; // the same file may be chosen again after a fix
    }
  };

  return (
    <div className="image-field">
      <input
        id={props.id}
        name={props.name}
        className="form-control"
        list={IMAGE_LIST_ID}
        value={value}
        required={props.required}
        disabled={props.disabled || props.readonly}
        onChange={(event) => onChange(event.target.value || undefined)}
        onBlur={() => props.onBlur(props.id, value)}
        onFocus={() => props.onFocus(props.id, value)}
      />
      {value ? <img src={value} alt="" className="image-field-thumb" /> : null}
      <label className="image-field-upload">
        {upload.isPending ? 'Uploading…' : 'Upload an image'}
        <input
          type="file"
          accept={ACCEPTED}
          disabled={props.disabled || props.readonly || upload.isPending}
          aria-describedby={error || done ? messageId : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => void onFile(event)}
        />
      </label>
      {error ? (
        <p id={messageId} className="text-danger image-field-message" role="alert">
          {error}
        </p>
      ) : done ? (
        <p id={messageId} className="image-field-message" role="status">
          {done}
        </p>
      ) : null}
    </div>
  );
}
