import { useEffect } from 'react';
import { Modal } from '../ui/modal';

interface ResultDialogProps {
  title?: string;
  text: string;
  tone: 'success' | 'error';
  autoCloseMs?: number;
  onClose: () => void;
}

/** The popup or modal that reports a submission; closes on its buttons, on Escape, or after autoCloseMs. */
export function ResultDialog({ title, text, tone, autoCloseMs, onClose }: ResultDialogProps) {
  useEffect(() => {
    if (!autoCloseMs) return;
    const timer = setTimeout(onClose, autoCloseMs);
    return () => clearTimeout(timer);
  }, [autoCloseMs, onClose]);
  return (
    <Modal title={title ?? (tone === 'success' ? 'Success!' : 'Error')} onClose={onClose} className={`result-dialog result-${tone}`}>
      <div className="result-icon" aria-hidden="true">
        {tone === 'success' ? '✓' : '!'}
      </div>
      <p role={tone === 'error' ? 'alert' : 'status'}>{text}</p>
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
    </Modal>
  );
}
