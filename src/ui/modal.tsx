import { useEffect, useId, useRef, type ReactNode, type Ref } from 'react';
import { X } from 'lucide-react';
import { DIALOG_CLOSE_ATTRIBUTE, openModalDialog } from './modal-dialog';
import { usePageWords } from './page-words';

interface DialogFrameProps {
  title: string;
  children: ReactNode;
  className?: string;
  /** The close control is disabled (a submission is under way). */
  locked?: boolean;
  dialogRef?: Ref<HTMLDialogElement>;
}

/** A dialog's markup, closed: its title, the close control and its body. openModalDialog gives it its behaviour. */
export function DialogFrame({ title, children, className, locked = false, dialogRef }: DialogFrameProps) {
  const titleId = useId();
  const words = usePageWords();
  return (
    <dialog ref={dialogRef} className={className ? `dialog ${className}` : 'dialog'} aria-labelledby={titleId} tabIndex={-1}>
      <div className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label={words.close} disabled={locked} {...{ [DIALOG_CLOSE_ATTRIBUTE]: '' }}>
          <X size={22} aria-hidden="true" />
        </button>
      </div>
      <div className="dialog-body">{children}</div>
    </dialog>
  );
}

interface ModalProps extends Omit<DialogFrameProps, 'dialogRef'> {
  onClose: () => void;
}

/**
 * A dialog over the page while it is rendered (src/ui/modal-dialog.ts): Escape, the close control or a press on the
 * backdrop calls onClose; focus returns to what opened it. It opens in an effect, so the server renders it closed.
 */
export function Modal({ onClose, locked = false, ...frame }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const latest = useRef({ onClose, locked });
  useEffect(() => {
    latest.current = { onClose, locked };
  }, [onClose, locked]);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    return openModalDialog(dialog, { onClose: () => latest.current.onClose(), locked: () => latest.current.locked });
  }, []);
  return <DialogFrame {...frame} locked={locked} dialogRef={dialogRef} />;
}
