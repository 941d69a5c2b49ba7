import { toE164 } from '../../shared/phone';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * What finds a submission's person (migration 032): its phone number in E.164, however it was written, and its e-mail
 * address in lower case, from the fields the lead screens read a contact from (phone, else contact; email).
 */
export function personKeysOf(data: Record<string, unknown>): { phone: string | null; email: string | null } {
  const phone = toE164(text(data.phone)) ?? toE164(text(data.contact)) ?? null;
  const email = text(data.email).toLowerCase();
  return { phone, email: EMAIL.test(email) ? email : null };
}

/** A person's keys as person_keys holds them (migration 032): 'tel:+919879011223', 'mailto:priya@example.com'. */
export function personKeyList(person: { phone: string | null; email: string | null }): string[] {
  return [...(person.phone ? [`tel:${person.phone}`] : []), ...(person.email ? [`mailto:${person.email}`] : [])];
}
