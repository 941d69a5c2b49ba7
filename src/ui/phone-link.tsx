import { formatPhone, toE164 } from '../shared/phone';

/** A phone number as staff read and dial it: "+91 98765 43210"; one that does not parse is shown as it was stored. */
export function PhoneLink({ phone }: { phone: string }) {
  const e164 = toE164(phone);
  return e164 ? <a href={`tel:${e164}`}>{formatPhone(e164)}</a> : <>{phone}</>;
}
