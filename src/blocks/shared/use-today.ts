import { useSyncExternalStore } from 'react';
import { indiaDateOf } from '../../shared/india-time';

/**
 * The attribute a block that decides by the date writes on its element: the day in India the markup was rendered
 * on. Hydration reads it back, so the browser's first render is the server's, whatever the browser's clock says.
 */
const RENDERED_ON = 'data-rendered-on';

/** The props that stamp an element with the day it was rendered on: spread them on a dated block's element. */
export const renderedOn = (day: string) => ({ [RENDERED_ON]: day });

const today = () => indiaDateOf(new Date());

/** Milliseconds until the next midnight in India (UTC+05:30, no daylight saving). */
function untilIndiaMidnight(now = Date.now()): number {
  const next = new Date(`${indiaDateOf(new Date(now))}T00:00:00+05:30`).getTime() + 24 * 60 * 60 * 1000;
  return Math.max(1000, next - now);
}

/** A new day while the page is open; a tab coming back from sleep (its timers paused) checks again. */
function subscribe(onChange: () => void) {
  let timer = setTimeout(tick, untilIndiaMidnight());
  function tick() {
    onChange();
    timer = setTimeout(tick, untilIndiaMidnight());
  }
  document.addEventListener('visibilitychange', onChange);
  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onChange);
  };
}

/** On the server, the day of this render; while hydrating, the day the server rendered the page on. */
function serverDay(): string {
  if (typeof document === 'undefined') return today();
  return document.querySelector(`[${RENDERED_ON}]`)?.getAttribute(RENDERED_ON) ?? today();
}

/**
 * Today in India, YYYY-MM-DD, for content that changes with the date (an offer's last day, an event's day). A
 * prerendered page shows what was true on the day it was built; once hydrated, the browser re-renders with its own
 * date, so a page built before an offer closed stops offering it without a rebuild, and without a hydration mismatch.
 */
export function useToday(): string {
  return useSyncExternalStore(subscribe, today, serverDay);
}
