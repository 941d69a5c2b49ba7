import fp from 'fastify-plugin';
import { noCaptcha, type Captcha } from '../captcha/captcha';
import { loadFormCatalog, type FormCatalog, type PagesFrom } from './form-catalog';
import { formRoutes } from './routes';
import { captchaRoutes } from '../captcha/routes';
import { consentRoutes } from './consent-routes';

declare module 'fastify' {
  interface FastifyInstance {
    formCatalog: FormCatalog;
    captcha: Captcha;
  }
}

/**
 * The form API with the catalog of pages/ and the configured captcha. A server that serves the built site reads the
 * pages a submission names from the build (what its visitors were shown); otherwise from pages/.
 */
export default fp<{ pagesFrom?: PagesFrom }>(
  async (app, { pagesFrom }) => {
    app.decorate('formCatalog', await loadFormCatalog(pagesFrom));
    let captcha: Captcha;
    if (app.config.captcha === 'off') {
      app.log.warn('CAPTCHA=off: forms accept submissions without a captcha. Never run a public site like this.');
      captcha = noCaptcha();
    } else {
      const { createCaptcha } = await import('../captcha/create-captcha');
      captcha = await createCaptcha(app.config, app.db);
    }
    app.decorate('captcha', captcha);
    await app.register(formRoutes);
    await app.register(captchaRoutes);
    await app.register(consentRoutes);
  },
  { name: 'forms', dependencies: ['database'] },
);
