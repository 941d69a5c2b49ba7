import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { raiseToastLayer } from './toast-layer';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** While true, the close control, Escape and the backdrop do nothing (a submission is under way). */
  locked?: boolean;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/**
 * A dialog over the page: the native <dialog> opened with showModal(), so the page behind is inert and screen readers
 * know it is modal. Focus moves in and Tab stays inside; Escape, the close control or a click on the backdrop
 * closes it; focus returns to what opened it. It opens in an effect, so the server renders nothing of it open.
 */
export function Modal({ title, onClose, children, className, locked = false }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const latest = useRef({ onClose, locked });
  useEffect(() => {
    latest.current = { onClose, locked };
  }, [onClose, locked]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.body.style;
    let unmounting = false;
    // Escape asks first ("cancel"); closing is React's business, so the request goes to onClose.
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (!latest.current.locked) latest.current.onClose();
    };
    // The browser may close it without asking (a second Escape in a row): reopen while locked, otherwise follow.
    const onNativeClose = () => {
      if (unmounting) return;
      if (latest.current.locked) dialog.showModal();
      else latest.current.onClose();
    };
    // The backdrop belongs to the dialog element: a press on the dialog outside its box is a press on the backdrop.
    const onBackdropPress = (event: MouseEvent) => {
      if (event.target !== dialog || latest.current.locked) return;
      const box = dialog.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) latest.current.onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    dialog.addEventListener('mousedown', onBackdropPress);
    document.body.style.overflow = 'hidden';
    if (!dialog.open) dialog.showModal();
    dialog.focus();
    raiseToastLayer();
    return () => {
      unmounting = true;
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      dialog.removeEventListener('mousedown', onBackdropPress);
      if (dialog.open) dialog.close();
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  function keepTabInside(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return;
    const dialog = event.currentTarget;
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

  return (
    <dialog
      ref={dialogRef}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={keepTabInside}
    >
      <div className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose} disabled={locked}>
          <X size={22} aria-hidden="true" />
        </button>
      </div>
      <div className="dialog-body">{children}</div>
    </dialog>
  );
}
