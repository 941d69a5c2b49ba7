import fp from 'fastify-plugin';
import { noCaptcha, type Captcha } from './captcha';
import { captchaRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    captcha: Captcha;
  }
}

/**
 * The configured captcha (ALTCHA by default, reCAPTCHA with its keys, none with CAPTCHA=off) and its public
 * challenge route, for every feature that takes a visitor's submission.
 */
export default fp(
  async (app) => {
    let captcha: Captcha;
    if (app.config.captcha === 'off') {
      app.log.warn('CAPTCHA=off: forms accept submissions without a captcha. Never run a public site like this.');
      captcha = noCaptcha();
    } else {
      const { createCaptcha } = await import('./create-captcha');
      captcha = await createCaptcha(app.config, app.db);
    }
    app.decorate('captcha', captcha);
    await app.register(captchaRoutes);
  },
  { name: 'captcha', dependencies: ['database'] },
);
