import type { WidgetProps } from '@rjsf/utils';
import { PhoneInput } from './tel-widget';

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
export function IndianMobileWidget(props: WidgetProps) {
  return (
    <PhoneInput
      {...props}
      inputMode="numeric"
      autoComplete="tel-national"
      show={formatIndianMobile}
      // Deleting the "+91 " prefix leaves the digits typed so far.
      read={(typed) => mobileDigits(typed.startsWith('+91') ? typed.slice(3) : typed)}
    />
  );
}
