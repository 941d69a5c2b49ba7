// What a page does before its visitor acts, shared by the public pages' island loader and the signed-in screens'
// loader: nothing of React runs until the visitor's first scroll, pointer, key or focus; its code is fetched ahead.

const IDLE_TIMEOUT_MS = 2000;
/** What says a visitor reached for something: a touch, a key, a focus. */
export const TOUCH_EVENTS = ['pointerdown', 'focusin', 'keydown'] as const;
/** What says a visitor is there and doing something: a scroll, the mouse moving, a touch, a key, a focus. */
const VISITOR_EVENTS = ['scroll', 'pointermove', ...TOUCH_EVENTS] as const;

export function afterIdle(run: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 200);
}

/** What waits for the visitor's first action; undefined once they have acted. */
let waiting: (() => void)[] | undefined = [];

const acted = (event: Event) => {
  // A dialog that opens by itself (the announcement) moves focus into it: that is the page, not the visitor.
  if (event.type === 'focusin' && event.target instanceof Element && event.target.closest('dialog')) return;
  // Chromium sends a pointermove that moved nothing when the page changes under a resting mouse: not the visitor.
  if (event instanceof MouseEvent && event.type === 'pointermove' && !event.movementX && !event.movementY) return;
  for (const type of VISITOR_EVENTS) removeEventListener(type, acted, true);
  const runs = waiting ?? [];
  waiting = undefined;
  for (const run of runs) run();
};
/**
 * Whether the visitor acted before this script ran, while the page was still loading: they are in a field (not one a
 * dialog that opened by itself holds). Their keys and taps came before anyone listened for them. (A field's value is no
 * sign: the browser tidies some values, a date's, as it parses the page.)
 */
function actedBeforeLoad(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLElement && active.matches('input, textarea, select') && !active.closest('dialog');
}

if (actedBeforeLoad()) waiting = undefined;
else for (const type of VISITOR_EVENTS) addEventListener(type, acted, { capture: true, passive: true });

/** Runs `run` at the visitor's first action on the page, or at once if they have acted already. */
export function afterFirstAction(run: () => void) {
  if (waiting) waiting.push(run);
  else run();
}

/** Fetches code the page will run once the visitor acts, without running it, when the page has loaded and is idle. */
export function fetchAhead(files: string[]) {
  const fetchAll = () => {
    for (const href of files) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  };
  if (document.readyState === 'complete') afterIdle(fetchAll);
  else addEventListener('load', () => afterIdle(fetchAll), { once: true });
}
