import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';

/** A file picker with a visible Choose File button and the chosen file's name. */
export function FileUploadWidget({ id, disabled, readonly, options }: WidgetProps) {
  const [fileName, setFileName] = useState<string | null>(null);
  return (
    <div className="file-upload">
      <label className="button button-light file-upload-button" htmlFor={id}>
        {typeof options.label === 'string' ? options.label : 'Choose File'}
      </label>
      <input
        id={id}
        type="file"
        className="visually-hidden"
        accept={options.accept as string | undefined}
        disabled={disabled || readonly}
        onChange={(e) => setFileName(e.target.files?.[0]?.name ?? null)}
      />
      <span className="file-upload-name">{fileName ?? 'No file chosen'}</span>
      {options.help ? <small className="field-help">{String(options.help)}</small> : null}
    </div>
  );
}
