import { describe, expect, it } from 'vitest';
import { whatsappTexts } from '../../src/server/lead-routing/whatsapp-messages';
import type { LeadRouting } from '../../src/shared/generated/lead-routing';

const routing = {
  whatsapp: {
    default: { en: 'Hello {name}, this is {staff}.', hi: 'नमस्ते {name}, मैं {staff}।' },
    forms: { 'city-lead': { en: 'Hello {name}, {staff} from {city} here.', hi: 'नमस्ते {name}, {city} से {staff}।' } },
  },
} as unknown as LeadRouting;

const bala = { fullName: 'Bala', username: 'bala.bde' };

describe('WhatsApp messages', () => {
  it("takes a form's own message, else the default, with the person, the sender and the city filled in", () => {
    expect(whatsappTexts(routing, 'city-lead', { name: 'Priya', city: 'Surat' }, bala)).toEqual({
      en: 'Hello Priya, Bala from Surat here.',
      hi: 'नमस्ते Priya, Surat से Bala।',
    });
    expect(whatsappTexts(routing, 'consultation', { name: 'Priya' }, bala)?.en).toBe('Hello Priya, this is Bala.');
  });

  it('leaves no gap where a value is missing, and nothing when the rules have no messages', () => {
    expect(whatsappTexts(routing, 'consultation', { name: null }, bala)).toEqual({
      en: 'Hello, this is Bala.',
      hi: 'नमस्ते, मैं Bala।',
    });
    expect(whatsappTexts({} as LeadRouting, 'consultation', { name: 'Priya' }, bala)).toBeNull();
  });
});
