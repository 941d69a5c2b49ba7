import { ANNOUNCEMENT_FLAG } from '../shared/constants';
import { openModalDialog } from '../ui/modal-dialog';
import { changedFields, isField } from '../ui/field-state';

/** The announcement's dialog in a page's HTML (src/site/overlays.tsx). */
export const ANNOUNCEMENT_SELECTOR = 'dialog.announcement';

/** How long the visitor leaves the page alone (no tap, click, key or scroll) before the announcement opens. */
const QUIET_MS = 3000;
/** The longest a busy browser delays the page counting as ready, once it has loaded. */
const IDLE_TIMEOUT_MS = 5000;
/** What says the visitor is busy with the page; each one, or a scroll of the page, starts the quiet wait over. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown'] as const;

function isFirstVisit(): boolean {
  try {
    return !localStorage.getItem(ANNOUNCEMENT_FLAG);
  } catch {
    // Storage blocked (private mode): the announcement is not worth nagging about on every page.
    return false;
  }
}

function recordSeen() {
  try {
    localStorage.setItem(ANNOUNCEMENT_FLAG, 'true');
  } catch {
    /* see isFirstVisit */
  }
}

/** Whether the visitor has begun a form: they are in one of its fields, or have typed or picked something in one. */
const formStarted = () => isField(document.activeElement) || changedFields(document).length > 0;

/** Runs once the page has loaded and the browser has a moment to spare: its own work is done, the page answers. */
function whenInteractive(run: () => void) {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(run, 200));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

/**
 * Opens the investment announcement, until it is closed; closing records the flag, and another tab closing it closes
 * it here too. Returns what closes it again, the flag left as it is.
 */
function openAnnouncement(dialog: HTMLDialogElement): () => void {
  const onStorage = () => {
    if (!isFirstVisit()) close();
  };
  const closeDialog = openModalDialog(dialog, {
    onClose: () => {
      recordSeen();
      close();
    },
  });
  function close() {
    window.removeEventListener('storage', onStorage);
    closeDialog();
  }
  window.addEventListener('storage', onStorage);
  return close;
}

/**
 * On a first visit, opens the announcement at a quiet moment: once the page has loaded and is interactive, and the
 * visitor has left it alone for QUIET_MS. It never opens over a form the visitor has started (focus in a field, or
 * anything typed or picked): from then on it waits for another page, so nothing they type is taken from them. Pages
 * that must not show it (staff screens) leave the dialog out of their HTML. No React: a public page schedules it from
 * its HTML before any island has loaded. Returns what stops the wait, or closes the announcement if it is open.
 */
export function scheduleAnnouncement(dialog: HTMLDialogElement | null): () => void {
  if (!dialog || dialog.open || !isFirstVisit()) return () => undefined;
  const announcement = dialog;
  let ready = false;
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let close: (() => void) | undefined;

  const waitForQuiet = () => {
    clearTimeout(timer);
    if (ready && !done) timer = setTimeout(openIfQuiet, QUIET_MS);
  };
  const onFocus = (event: FocusEvent) => {
    if (isField(event.target)) stop();
  };
  const onVisibility = () => {
    if (!document.hidden) waitForQuiet();
  };
  function stop() {
    done = true;
    clearTimeout(timer);
    for (const type of ACTIVITY_EVENTS) removeEventListener(type, waitForQuiet, true);
    removeEventListener('scroll', waitForQuiet);
    removeEventListener('focusin', onFocus, true);
    removeEventListener('input', stop, true);
    document.removeEventListener('visibilitychange', onVisibility);
  }
  function openIfQuiet() {
    // A tab in the background waits until the visitor comes back to it, and then for a quiet moment again.
    if (document.hidden) return;
    stop();
    if (!formStarted() && isFirstVisit()) close = openAnnouncement(announcement);
  }

  for (const type of ACTIVITY_EVENTS) addEventListener(type, waitForQuiet, { capture: true, passive: true });
  // The page's own scrolling only (not captured): a box of the page scrolling by itself is no visitor.
  addEventListener('scroll', waitForQuiet, { passive: true });
  addEventListener('focusin', onFocus, true);
  addEventListener('input', stop, true);
  document.addEventListener('visibilitychange', onVisibility);
  whenInteractive(() => {
    ready = true;
    waitForQuiet();
  });
  return () => {
    stop();
    close?.();
  };
}
