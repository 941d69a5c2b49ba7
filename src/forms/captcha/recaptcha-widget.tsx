import { lazy, Suspense } from 'react';
import type ReCAPTCHAType from 'react-google-recaptcha';

// Loaded only when the server runs reCAPTCHA; under Vite SSR and Node ESM the module arrives as {default: X}.
const ReCAPTCHA = lazy(async () => {
  const mod = (await import('react-google-recaptcha')).default as unknown as { default?: typeof ReCAPTCHAType };
  return { default: mod.default ?? (mod as unknown as typeof ReCAPTCHAType) };
});

interface RecaptchaWidgetProps {
  siteKey: string;
  onToken: (token: string | undefined) => void;
}

/** Google's checkbox; the caller remounts it (a new key) for a fresh token after each submission. */
export function RecaptchaWidget({ siteKey, onToken }: RecaptchaWidgetProps) {
  return (
    <Suspense fallback={null}>
      <ReCAPTCHA
        sitekey={siteKey}
        onChange={(token) => onToken(token ?? undefined)}
        onExpired={() => onToken(undefined)}
        onErrored={() => onToken(undefined)}
      />
    </Suspense>
  );
}
