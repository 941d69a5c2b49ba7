import { dialableNumber, shownPhone } from './stored-phone';

/** A phone number as staff read and dial it: "+91 98765 43210"; one that does not parse is shown as it was stored. */
export function PhoneLink({ phone }: { phone: string }) {
  const e164 = dialableNumber(phone);
  return e164 ? <a href={`tel:${e164}`}>{shownPhone(e164)}</a> : <>{phone}</>;
}
