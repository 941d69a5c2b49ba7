import type { HiringEvent } from './generated/page-document';

/**
 * Whether visitors can still come to (and register for) an event on a day in India, YYYY-MM-DD: until its day has
 * ended. An event that repeats (Every Saturday) has no last day. The site and the server decide by this one rule.
 */
export function isUpcoming(event: Pick<HiringEvent, 'date'>, today: string): boolean {
  return event.date === undefined || event.date >= today;
}
