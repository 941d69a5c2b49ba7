import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { noCaptcha, type Captcha } from './captcha';
import { altchaCaptcha } from './altcha';
import { recaptchaCaptcha } from './recaptcha';

/** The captcha the configuration asks for: ALTCHA by default, reCAPTCHA when its keys are set. */
export async function createCaptcha(config: ServerConfig, db: Database): Promise<Captcha> {
  switch (config.captcha) {
    case 'off':
      return noCaptcha();
    case 'recaptcha':
      // Failing at start beats a form no visitor can ever submit.
      if (!config.recaptcha) throw new Error('CAPTCHA mode recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET');
      return recaptchaCaptcha(config.recaptcha);
    default:
      return altchaCaptcha(db, config.env.ALTCHA_HMAC_KEY || undefined);
  }
}
