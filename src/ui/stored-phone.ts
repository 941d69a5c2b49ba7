/**
 * A phone number as the server stores it, read on staff screens without the phone library: src/shared/phone.ts
 * checked it and stored it in E.164 when it was a valid number, and its 30 KB of country rules are for what visitors
 * type. Indian mobiles, nearly every number here, are grouped as people write them ("+91 98765 43210"); any other
 * number is shown as stored ("+447911123456"), which dials as it reads.
 */
const E164 = /^\+[1-9]\d{6,14}$/;
const INDIAN_MOBILE = /^\+91([6-9]\d{4})(\d{5})$/;

/** The number to dial (tel:, wa.me), or undefined for a stored text that was never a valid number. */
export const dialableNumber = (stored: string) => (E164.test(stored) ? stored : undefined);

/** The number as staff read it. */
export function shownPhone(stored: string) {
  const mobile = INDIAN_MOBILE.exec(stored);
  return mobile ? `+91 ${mobile[1]} ${mobile[2]}` : stored;
}
