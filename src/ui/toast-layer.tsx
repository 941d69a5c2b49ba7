import { useEffect } from 'react';
import { ToastContainer, type CloseButtonProps } from 'react-toastify';
import { X } from 'lucide-react';
// Public pages load these with the first form or popup, not with every page.
import 'react-toastify/dist/ReactToastify.css';
import './toast-layer.css';
import { TOAST_LAYER_ID } from './raise-toast-layer';
import { usePageWords } from './page-words';

/** A toast's close button, named in the page's language (react-toastify's own says "close" on every page). */
function CloseToast({ closeToast, theme, label }: CloseButtonProps & { label: string }) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <X size={16} aria-hidden="true" />
    </button>
  );
}

/**
 * Toasts in a manual popover, so they can sit in the top layer: a modal <dialog> covers everything outside the top
 * layer, and a form in a popup still reports through toasts.
 */
export function ToastLayer() {
  const words = usePageWords();
  useEffect(() => {
    const layer = document.getElementById(TOAST_LAYER_ID);
    if (layer && !layer.matches(':popover-open')) layer.showPopover();
  }, []);
  return (
    <div id={TOAST_LAYER_ID} className="toast-layer" popover="manual">
      <ToastContainer
        position="top-right"
        newestOnTop
        closeOnClick
        pauseOnFocusLoss={false}
        aria-label={words.notifications}
        closeButton={(props) => <CloseToast {...props} label={words.close} />}
      />
    </div>
  );
}
