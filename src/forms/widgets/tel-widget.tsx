import type { WidgetProps } from '@rjsf/utils';

/** A phone field: the telephone keypad on phones, the value as typed. */
export function TelWidget({
  id,
  value,
  required,
  disabled,
  readonly,
  placeholder,
  onChange,
  onBlur,
  onFocus,
  options,
  rawErrors,
}: WidgetProps) {
  return (
    <input
      id={id}
      name={id}
      type="tel"
      inputMode="tel"
      className="form-control"
      value={value ?? ''}
      required={required}
      disabled={disabled || readonly}
      placeholder={placeholder}
      autoComplete={(options.autocomplete as string) ?? 'tel'}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={rawErrors?.length ? `${id}__error` : undefined}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
