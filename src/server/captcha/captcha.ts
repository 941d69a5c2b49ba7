import type { CaptchaConfig, CaptchaMode } from '../../shared/api/captcha';

/** spendKey is absent only when there is nothing to spend (CAPTCHA=off). */
export type CaptchaCheck = { ok: true; spendKey?: string; expiresAt?: Date } | { ok: false };

/**
 * Verifies the token a form sends. A passed check names a spend key: the submission's transaction records it, so a
 * token solved once is refused the second time.
 */
export interface Captcha {
  mode: CaptchaMode;
  verify(token: string | undefined, clientIp?: string): Promise<CaptchaCheck>;
  /** What the browser needs to show the widget. */
  publicConfig(): CaptchaConfig;
}

/** CAPTCHA=off, for local development only: every submission passes. */
export function noCaptcha(): Captcha {
  return {
    mode: 'off',
    verify: async () => ({ ok: true }),
    publicConfig: () => ({ mode: 'off' }),
  };
}
