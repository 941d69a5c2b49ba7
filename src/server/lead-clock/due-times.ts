import type { ResponseClock } from '../../shared/generated/lead-routing';

const HOUR_MS = 3_600_000;

/**
 * When a lead that came in at `createdAt` is due an answer (its form's promise, or the site's replyHours the pages
 * quote), and when its assignee is reminded of it.
 */
export function dueTimes(
  clock: ResponseClock,
  promiseHours: { site: number; form: number | undefined },
  createdAt: Date,
): { respondBy: Date; remindAt: Date } {
  const promise = (promiseHours.form ?? promiseHours.site) * HOUR_MS;
  return {
    respondBy: new Date(createdAt.getTime() + promise),
    remindAt: new Date(createdAt.getTime() + promise * clock.remindAt),
  };
}
