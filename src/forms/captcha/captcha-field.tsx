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
}

/**
 * The human check of a form: ALTCHA by default, reCAPTCHA when the server is configured for it. The server and the
 * first browser render show an empty container; the widget appears once the browser knows the server's mode.
 */
export function CaptchaField({ onToken, generation, error }: CaptchaFieldProps) {
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

  return (
    <div className="form-captcha" data-captcha={config?.mode}>
      {config?.mode === 'altcha' ? <AltchaWidget generation={generation} onToken={emit} /> : null}
      {config?.mode === 'recaptcha' && config.siteKey ? <RecaptchaWidget key={generation} siteKey={config.siteKey} onToken={emit} /> : null}
      {error ? (
        <p className="form-banner" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
