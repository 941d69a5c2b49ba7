import { useId, useState } from 'react';
import type { WhatsAppTexts } from '../shared/api/reach';
import { dialableNumber, shownPhone } from './stored-phone';
import { DisclosureButton } from './disclosure-button';

const LANGUAGES = [
  { code: 'en', label: 'English', lang: 'en' },
  { code: 'hi', label: 'हिन्दी', lang: 'hi' },
] as const;

interface ReachPersonProps {
  name: string | null;
  phone: string | null;
  email: string | null;
  /** The message to start from (src/server/lead-routing/whatsapp-messages.ts); none: WhatsApp opens empty. */
  whatsapp: WhatsAppTexts | null;
}

/**
 * One tap to reach a person from a phone: Call (tel: in E.164), WhatsApp (wa.me, with the message staff start from,
 * in English or Hindi, which they can change before it opens), E-mail. The number and address are shown whole, never
 * broken across lines.
 */
export function ReachPerson({ name, phone, email, whatsapp }: ReachPersonProps) {
  const e164 = phone ? dialableNumber(phone) : undefined;
  const [writing, setWriting] = useState(false);
  const composerId = useId();
  if (!e164 && !email) return null;
  const who = name?.trim() || 'this person';
  return (
    <div className="reach-person">
      <div className="reach-person-actions" role="group" aria-label={`Reach ${who}`}>
        {e164 ? (
          <>
            <a className="button reach-call" href={`tel:${e164}`}>
              Call <span className="reach-number">{shownPhone(e164)}</span>
            </a>
            <DisclosureButton open={writing} controls={composerId} onToggle={setWriting}>
              WhatsApp
            </DisclosureButton>
          </>
        ) : null}
        {email ? (
          <a className="button button-light reach-mail" href={`mailto:${email}`}>
            E-mail <span className="reach-address">{email}</span>
          </a>
        ) : null}
      </div>
      {e164 && writing ? <WhatsAppComposer id={composerId} e164={e164} who={who} texts={whatsapp} /> : null}
    </div>
  );
}

/** The message before it goes: a language to start from, the text to change, then WhatsApp opens with it. */
function WhatsAppComposer({ id, e164, who, texts }: { id: string; e164: string; who: string; texts: WhatsAppTexts | null }) {
  const [language, setLanguage] = useState<'en' | 'hi'>('en');
  // What was typed in each language stays while the other is looked at.
  const [drafts, setDrafts] = useState<WhatsAppTexts>(texts ?? { en: '', hi: '' });
  const text = drafts[language];
  const href = `https://wa.me/${e164.slice(1)}${text.trim() ? `?text=${encodeURIComponent(text)}` : ''}`;
  return (
    <div className="reach-whatsapp" id={id}>
      <fieldset className="reach-languages">
        <legend>Message in</legend>
        {LANGUAGES.map((l) => (
          <label key={l.code} lang={l.lang}>
            <input type="radio" name={`${id}-language`} checked={language === l.code} onChange={() => setLanguage(l.code)} />
            {l.label}
          </label>
        ))}
      </fieldset>
      <label>
        Message to {who}
        <textarea
          rows={4}
          maxLength={1000}
          lang={language}
          value={text}
          onChange={(event) => setDrafts({ ...drafts, [language]: event.target.value })}
        />
      </label>
      <a className="button" href={href} target="_blank" rel="noopener noreferrer">
        Open WhatsApp
      </a>
    </div>
  );
}
