import { ANNOUNCEMENT_FLAG } from '../shared/constants';
import { openModalDialog } from '../ui/modal-dialog';

/** The announcement's dialog in a page's HTML (src/site/overlays.tsx). */
export const ANNOUNCEMENT_SELECTOR = 'dialog.announcement';

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

/**
 * Opens the investment announcement on a first visit, until it is closed; closing records the flag, and another tab
 * closing it closes it here too. No React: a public page opens it from its HTML before any island has loaded.
 */
export function showAnnouncement(dialog: HTMLDialogElement | null) {
  if (!dialog || dialog.open || !isFirstVisit()) return;
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
}
