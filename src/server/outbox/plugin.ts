import fp from 'fastify-plugin';
import { createOutboxWorker, type OutboxWorker } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker;
  }
}

/** Runs the outbox worker that sends mail and forwards records; outboxIntervalMs 0 leaves it to app.outbox.runOnce(). */
export default fp(
  async (app) => {
    const worker = createOutboxWorker({ db: app.db, config: app.config, log: app.log.child({ component: 'outbox' }) });
    app.decorate('outbox', worker);
    const intervalMs = (app.config as { outboxIntervalMs?: number }).outboxIntervalMs ?? 5000;
    if (intervalMs > 0) app.addHook('onReady', async () => worker.start(intervalMs));
    // Registered after the database plugin, so this runs before the database closes.
    app.addHook('onClose', () => worker.stop());
  },
  { name: 'outbox', dependencies: ['database'] },
);
