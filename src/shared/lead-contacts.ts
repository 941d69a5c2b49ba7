/** How staff reached a lead, and what came of it: logged from the portal, each one counts as the lead's answer. */
export const CONTACT_CHANNELS = ['call', 'whatsapp', 'email'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

export const CONTACT_OUTCOMES = ['reached', 'no-answer', 'call-back', 'interested', 'not-interested', 'wrong-number'] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];

export const CHANNEL_LABELS: Record<ContactChannel, string> = { call: 'Call', whatsapp: 'WhatsApp', email: 'E-mail' };

export const OUTCOME_LABELS: Record<ContactOutcome, string> = {
  reached: 'Spoke with them',
  'no-answer': 'No answer',
  'call-back': 'Asked to call back',
  interested: 'Interested',
  'not-interested': 'Not interested',
  'wrong-number': 'Wrong number',
};
