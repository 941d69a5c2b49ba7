import type { InputHTMLAttributes, ReactNode } from 'react';

type TextFieldProps = { id: string; label: ReactNode; help?: ReactNode; error?: string } & InputHTMLAttributes<HTMLInputElement>;

/**
 * A labelled input of a portal form: a * when it is required, a help line under it, and the field's own error, which
 * the input points to in place of the help.
 */
export function TextField({ id, label, help, error, required, ...input }: TextFieldProps) {
  const described = error ? `${id}-error` : help ? `${id}-help` : undefined;
  return (
    <div className={`form-group${error ? ' has-error' : ''}`}>
      <label className="control-label" htmlFor={id}>
        {label}
        {required ? (
          <span className="required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <input
        id={id}
        className="form-control"
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...input}
      />
      {help ? (
        <small id={`${id}-help`} className="field-help">
          {help}
        </small>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
