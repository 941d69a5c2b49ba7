import type { WidgetProps } from '@rjsf/utils';

/** Keeps the ten digits of an Indian mobile number, whatever else is typed or pasted (+91, spaces, dashes). */
export function mobileDigits(typed: string): string {
  let digits = typed.replace(/\D/g, '');
  if (digits.length > 10 && digits.startsWith('91')) digits = digits.slice(2);
  return digits.slice(0, 10);
}

/** Shows the digits as +91 XXXXX XXXXX. */
export function formatIndianMobile(digits: string): string {
  if (!digits) return '';
  return `+91 ${digits.slice(0, 5)}${digits.length > 5 ? ` ${digits.slice(5)}` : ''}`;
}

/** The lead forms' phone field: stores digits only and shows them grouped after +91. */
export function IndianMobileWidget({
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
}: WidgetProps) {
  return (
    <input
      id={id}
      name={id}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      className="form-control"
      value={formatIndianMobile(value ?? '')}
      required={required}
      disabled={disabled || readonly}
      placeholder={placeholder}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={rawErrors?.length ? `${id}__error` : undefined}
      onChange={(e) => {
        // Deleting the "+91 " prefix leaves the digits typed so far.
        const raw = e.target.value.startsWith('+91') ? e.target.value.slice(3) : e.target.value;
        const digits = mobileDigits(raw);
        onChange(digits === '' ? undefined : digits);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
