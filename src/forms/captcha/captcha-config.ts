import type { CaptchaConfig } from '../../shared/api/captcha';

let pending: Promise<CaptchaConfig> | undefined;

/** The server's captcha settings, asked once per page load and shared by every form on it. */
export function loadCaptchaConfig(): Promise<CaptchaConfig> {
  pending ??= fetch('/api/captcha/config')
    .then((response) => {
      if (!response.ok) throw new Error(`captcha config: HTTP ${response.status}`);
      return response.json() as Promise<CaptchaConfig>;
    })
    .catch((error: unknown) => {
      // A failed request is not remembered: the next form (or submission) asks again.
      pending = undefined;
      throw error;
    });
  return pending;
}
