import type { ResponseClock } from '../../shared/generated/lead-routing';

const HOUR_MS = 3_600_000;

/** When a lead that came in at `createdAt` is due an answer, and when its assignee is reminded of it. */
export function dueTimes(clock: ResponseClock, formHours: number | undefined, createdAt: Date): { respondBy: Date; remindAt: Date } {
  const promise = (formHours ?? clock.hours) * HOUR_MS;
  return {
    respondBy: new Date(createdAt.getTime() + promise),
    remindAt: new Date(createdAt.getTime() + promise * clock.remindAt),
  };
}
