import type { WidgetProps } from '@rjsf/utils';

interface PhoneInputProps extends WidgetProps {
  inputMode: 'tel' | 'numeric';
  autoComplete: string;
  /** What the field shows for the stored value. */
  show: (value: string) => string;
  /** What is stored for what is typed; '' leaves the field empty. */
  read: (typed: string) => string;
}

/** The one phone input of the forms: the telephone keypad on phones, the error tied to the field. */
export function PhoneInput({
  id,
  value,
  required,
  disabled,
  readonly,
  placeholder,
  onChange,
  onBlur,
  onFocus,
  rawErrors,
  inputMode,
  autoComplete,
  show,
  read,
}: PhoneInputProps) {
  return (
    <input
      id={id}
      name={id}
      type="tel"
      inputMode={inputMode}
      autoComplete={autoComplete}
      className="form-control"
      value={show(value ?? '')}
      required={required}
      disabled={disabled || readonly}
      placeholder={placeholder}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={rawErrors?.length ? `${id}__error` : undefined}
      onChange={(e) => {
        const stored = read(e.target.value);
        onChange(stored === '' ? undefined : stored);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

const asTyped = (text: string) => text;

/** A phone field: the value as typed. */
export function TelWidget(props: WidgetProps) {
  return (
    <PhoneInput {...props} inputMode="tel" autoComplete={(props.options.autocomplete as string) ?? 'tel'} show={asTyped} read={asTyped} />
  );
}
