import type { FastifyInstance } from 'fastify';
import type { PublishRevision } from './publish-revision';
import { dueSchedules, revision, takeSchedule } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes the schedules that are due (the timer calls it; tests call it to skip the wait). */
    applyDueSchedules(): Promise<void>;
  }
}

const SCHEDULE_EVERY_MS = 30_000;

/**
 * Publishes each scheduled revision once its time has come: every process looks every 30 s, and the first to take a
 * due schedule publishes it. The revision was checked when it was scheduled.
 */
export function runSchedules(app: FastifyInstance, publishRevision: PublishRevision) {
  app.decorate('applyDueSchedules', async () => {
    for (const due of await dueSchedules(app.db)) {
      if (!(await takeSchedule(app.db, due.route, due.revision_id))) continue;
      const chosen = await revision(app.db, due.route, due.revision_id);
      if (!chosen) continue;
      try {
        await publishRevision(due.route, chosen, due.by);
      } catch (error) {
        app.log.error({ err: error }, `scheduled publish of ${due.route} failed`);
      }
    }
  });
  const timer = setInterval(
    () => app.applyDueSchedules().catch((error: unknown) => app.log.warn({ err: error }, 'scheduled publishing failed')),
    SCHEDULE_EVERY_MS,
  );
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
