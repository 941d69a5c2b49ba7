import fp from 'fastify-plugin';
import { sweepResponseClock } from './sweep';

const SWEEP_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The first-response clock; runOnce sweeps now, as the timer does each minute. */
    leadClock: { runOnce: () => ReturnType<typeof sweepResponseClock> };
  }
}

/** Every minute, reminds the assignees of leads coming due and tells the admins of leads past their promise. */
export default fp(
  async (app) => {
    const context = {
      clock: app.leadRouting.responseClock,
      publicUrl: app.config.publicUrl,
      formTitle: (formId: string) => app.formCatalog.forms.get(formId)?.definition.title ?? formId,
    };
    const runOnce = () => sweepResponseClock(app.db, context);
    app.decorate('leadClock', { runOnce });
    let running: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      running = runOnce().catch((error) => app.log.warn({ error }, 'response clock failed'));
    }, SWEEP_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'lead-clock', dependencies: ['database', 'lead-routing', 'forms'] },
);
