import fp from 'fastify-plugin';
import { sweepResponseClock } from './sweep';
import { sendDigests } from './digest';

const SWEEP_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The first-response clock and the morning digest; runOnce sweeps now, as the timer does each minute, and
     * sendDigests sends those due by `now`.
     */
    leadClock: { runOnce: () => ReturnType<typeof sweepResponseClock>; sendDigests: (now?: Date) => Promise<number> };
  }
}

/**
 * Every minute, reminds the assignees of leads coming due, tells the admins of leads past their promise, and from the
 * morning's digest time mails each BDE and FBDE their To do list once a day.
 */
export default fp(
  async (app) => {
    // Read at each sweep: admins change the rules while the server runs.
    const context = {
      get clock() {
        return app.leadRouting.responseClock;
      },
      get routing() {
        return app.leadRouting;
      },
      formOf: (formId: string) => app.formCatalog.forms.get(formId)?.definition,
      publicUrl: app.config.publicUrl,
      formTitle: (formId: string) => app.formCatalog.forms.get(formId)?.definition.title ?? formId,
    };
    const runOnce = () => sweepResponseClock(app.db, context);
    const digests = (now?: Date) => sendDigests(app.db, { ...context, digest: app.leadRouting.digest }, now);
    app.decorate('leadClock', { runOnce, sendDigests: digests });
    let running: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      running = runOnce()
        .catch((error) => app.log.warn({ error }, 'response clock failed'))
        .then(() => digests())
        .catch((error) => app.log.warn({ error }, 'morning digest failed'));
    }, SWEEP_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'lead-clock', dependencies: ['database', 'lead-routing', 'forms'] },
);
