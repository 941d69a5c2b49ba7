import { Type, type Static } from 'typebox';

/** The WhatsApp message to start from, in English and Hindi, already addressed to the person (whatsapp of pages/lead-routing.json). */
export const WhatsAppTexts = Type.Object({ en: Type.String(), hi: Type.String() });
export type WhatsAppTexts = Static<typeof WhatsAppTexts>;
