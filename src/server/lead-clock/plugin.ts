import fp from 'fastify-plugin';
import { sweepResponseClock } from './sweep';

const SWEEP_EVERY_MS = 60_000;

/** Every minute, reminds the assignees of leads coming due and tells the admins of leads past their promise. */
export default fp(
  async (app) => {
    const context = {
      clock: app.leadRouting.responseClock,
      publicUrl: app.config.publicUrl,
      formTitle: (formId: string) => app.formCatalog.forms.get(formId)?.definition.title ?? formId,
    };
    let running: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      running = sweepResponseClock(app.db, context).catch((error) => app.log.warn({ error }, 'response clock failed'));
    }, SWEEP_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'lead-clock', dependencies: ['database', 'lead-routing', 'forms'] },
);
