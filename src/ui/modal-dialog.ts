import { raiseToastLayer } from './raise-toast-layer';

/** Marks what closes a dialog when clicked: its close control, or a link that leaves it (the announcement's). */
export const DIALOG_CLOSE_ATTRIBUTE = 'data-dialog-close';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/** Tab and Shift+Tab go round the dialog's own controls, never out to the browser. */
function keepTabInside(dialog: HTMLDialogElement, event: KeyboardEvent) {
  if (event.key !== 'Tab') return;
  const items = focusablesIn(dialog);
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return event.preventDefault();
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

export interface ModalDialogControl {
  /** Asked to close: by the close control, Escape or a press on the backdrop. Closing is the caller's to do. */
  onClose: () => void;
  /** While true, the close control, Escape and the backdrop do nothing (a submission is under way). */
  locked?: () => boolean;
}

/**
 * Opens a <dialog> with showModal(), so the page behind is inert and screen readers know it is modal: focus moves in
 * and Tab stays inside; Escape, a [data-dialog-close] control or a press on the backdrop asks to close; the page
 * behind does not scroll. No React, so a dialog in a page's HTML opens before any island has loaded. Returns what
 * closes it again and gives focus back to what had it.
 */
export function openModalDialog(dialog: HTMLDialogElement, { onClose, locked = () => false }: ModalDialogControl): () => void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const { overflow } = document.body.style;
  let closing = false;
  // Escape asks first ("cancel"); closing is the caller's business, so the request goes to onClose.
  const onCancel = (event: Event) => {
    event.preventDefault();
    if (!locked()) onClose();
  };
  // The browser may close it without asking (a second Escape in a row): reopen while locked, otherwise follow.
  const onNativeClose = () => {
    if (closing) return;
    if (locked()) dialog.showModal();
    else onClose();
  };
  // The backdrop belongs to the dialog element: a press on the dialog outside its box is a press on the backdrop.
  const onBackdropPress = (event: MouseEvent) => {
    if (event.target !== dialog || locked()) return;
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) onClose();
  };
  const onClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest(`[${DIALOG_CLOSE_ATTRIBUTE}]`) && !locked()) onClose();
  };
  const onKeyDown = (event: KeyboardEvent) => keepTabInside(dialog, event);
  dialog.addEventListener('cancel', onCancel);
  dialog.addEventListener('close', onNativeClose);
  dialog.addEventListener('mousedown', onBackdropPress);
  dialog.addEventListener('click', onClick);
  dialog.addEventListener('keydown', onKeyDown);
  document.body.style.overflow = 'hidden';
  if (!dialog.open) dialog.showModal();
  dialog.focus();
  raiseToastLayer();
  return () => {
    closing = true;
    dialog.removeEventListener('cancel', onCancel);
    dialog.removeEventListener('close', onNativeClose);
    dialog.removeEventListener('mousedown', onBackdropPress);
    dialog.removeEventListener('click', onClick);
    dialog.removeEventListener('keydown', onKeyDown);
    if (dialog.open) dialog.close();
    document.body.style.overflow = overflow;
    opener?.focus();
  };
}
