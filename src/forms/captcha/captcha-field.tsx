import { useCallback, useEffect, useRef, useState } from 'react';
import type { CaptchaConfig } from '../../shared/api/captcha';
import { loadCaptchaConfig } from './captcha-config';
import { AltchaWidget } from './altcha-widget';
import { RecaptchaWidget } from './recaptcha-widget';

interface CaptchaFieldProps {
  /** The token to send with the form, or undefined until the visitor passes the check. */
  onToken: (token: string | undefined) => void;
  /** Changes after each submission: a token counts once, so the widget starts afresh. */
  generation: number;
  error?: string;
  /** The field's id, which the form's error summary links to. */
  id?: string;
}

/** The id of a schema form's captcha, as the error summary names a field `captcha` (rjsf's default separator). */
export const captchaFieldId = (idPrefix: string) => `${idPrefix}_captcha`;

/** While the check is refused, its checkbox (the widget's own markup) is marked invalid and described by the message. */
function markCheckbox(box: HTMLElement, errorId: string | undefined) {
  const checkbox = box.querySelector('input[type="checkbox"]');
  if (!checkbox) return;
  if (errorId) {
    checkbox.setAttribute('aria-invalid', 'true');
    checkbox.setAttribute('aria-describedby', errorId);
  } else {
    checkbox.removeAttribute('aria-invalid');
    checkbox.removeAttribute('aria-describedby');
  }
}

/**
 * The human check of a form: ALTCHA by default, reCAPTCHA when the server is configured for it. The server and the
 * first browser render show an empty container; the widget appears once the browser knows the server's mode.
 */
export function CaptchaField({ onToken, generation, error, id }: CaptchaFieldProps) {
  const [config, setConfig] = useState<CaptchaConfig | null>(null);
  // The form passes a new callback on every render; widgets must not restart for that.
  const latest = useRef(onToken);
  useEffect(() => {
    latest.current = onToken;
  });
  const emit = useCallback((token: string | undefined) => latest.current(token), []);

  useEffect(() => {
    let live = true;
    // Asked again each generation only if an earlier request failed (the answer is cached otherwise).
    loadCaptchaConfig().then(
      (loaded) => live && setConfig(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [generation]);

  useEffect(() => {
    // CAPTCHA=off (local development): the form may always be sent.
    if (config?.mode === 'off') emit('off');
  }, [config, generation, emit]);

  const box = useRef<HTMLDivElement>(null);
  const errorId = error && id ? `${id}__error` : undefined;
  useEffect(() => {
    const holder = box.current;
    if (!holder) return;
    markCheckbox(holder, errorId);
    // The widget draws its checkbox later (and anew for each check): mark it when it comes.
    const observer = new MutationObserver(() => markCheckbox(holder, errorId));
    observer.observe(holder, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [errorId]);

  return (
    <div className="form-captcha" id={id} ref={box} data-captcha={config?.mode}>
      {config?.mode === 'altcha' ? <AltchaWidget generation={generation} onToken={emit} /> : null}
      {config?.mode === 'recaptcha' && config.siteKey ? <RecaptchaWidget key={generation} siteKey={config.siteKey} onToken={emit} /> : null}
      {error ? (
        // Not an alert: the form's error summary, which lists it, takes focus and is read out.
        <p className="form-banner" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
