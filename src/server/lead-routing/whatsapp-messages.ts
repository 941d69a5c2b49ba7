import type { LeadRouting } from '../../shared/generated/lead-routing';
import type { WhatsAppTexts } from '../../shared/api/reach';
import { fillPlaceholders } from '../../shared/placeholders';

/**
 * The WhatsApp message staff start from when writing to someone who sent a form, in English and Hindi: the form's
 * own from the routing rules (pages/lead-routing.json, or the version saved in the portal), else the default, with
 * the person's name, the sender's (the signed-in viewer) and the city filled in. None when the rules have none.
 */
export function whatsappTexts(
  routing: LeadRouting,
  formId: string,
  values: { name?: string | null; city?: string | null },
  sender: { fullName: string | null; username: string },
): WhatsAppTexts | null {
  const messages = routing.whatsapp;
  const message = messages?.forms?.[formId] ?? messages?.default;
  if (!message) return null;
  const staff = sender.fullName ?? sender.username;
  const filled = fillPlaceholders(message, { name: values.name?.trim() ?? '', staff, city: values.city?.trim() ?? '' });
  // A value left empty leaves no gap: "Hello , this" reads "Hello, this".
  const tidy = (text: string) => text.replace(/ {2,}/g, ' ').replace(/ ([,.।])/g, '$1');
  return { en: tidy(filled.en), hi: tidy(filled.hi) };
}
