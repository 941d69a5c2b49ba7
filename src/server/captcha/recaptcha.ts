import { createHash } from 'node:crypto';
import type { ServerConfig } from '../config';
import type { Captcha, CaptchaCheck } from './captcha';

type RecaptchaConfig = NonNullable<ServerConfig['recaptcha']>;

/** Google answers a token for two minutes; the spent key need not outlive that. */
const TOKEN_LIFETIME_MS = 2 * 60_000;
const SITEVERIFY_TIMEOUT_MS = 10_000;

/** Asks siteverify whether the token is good: secret, response and the visitor's address, form-encoded. */
async function verifyRecaptcha(config: RecaptchaConfig, token: string | undefined, clientIp?: string): Promise<CaptchaCheck> {
  if (!token) return { ok: false };
  const body = new URLSearchParams({ secret: config.secret, response: token });
  if (clientIp) body.set('remoteip', clientIp);
  try {
    const response = await fetch(config.verifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS) });
    if (!response.ok) return { ok: false };
    const answer = (await response.json()) as { success?: unknown };
    if (answer.success !== true) return { ok: false };
  } catch {
    // Google unreachable: refusing is safer than letting everything through.
    return { ok: false };
  }
  const hash = createHash('sha256').update(token).digest('hex');
  return { ok: true, spendKey: `recaptcha:${hash}`, expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS) };
}

/** Google reCAPTCHA v2 (checkbox), when RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET are set. */
export function recaptchaCaptcha(config: RecaptchaConfig): Captcha {
  return {
    mode: 'recaptcha',
    verify: (token, clientIp) => verifyRecaptcha(config, token, clientIp),
    publicConfig: () => ({ mode: 'recaptcha', siteKey: config.siteKey }),
  };
}
