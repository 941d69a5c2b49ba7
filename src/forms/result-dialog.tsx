import { useEffect } from 'react';
import { Modal } from '../ui/modal';
import { SubmissionReference } from './submission-reference';

interface ResultDialogProps {
  title?: string;
  text: string;
  tone: 'success' | 'error';
  autoCloseMs?: number;
  reference?: string | null;
  onClose: () => void;
}

/** The popup or modal that reports a submission; closes on its buttons, on Escape, or after autoCloseMs. */
export function ResultDialog({ title, text, tone, autoCloseMs, reference, onClose }: ResultDialogProps) {
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
      {reference ? <SubmissionReference reference={reference} /> : null}
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
    </Modal>
  );
}
