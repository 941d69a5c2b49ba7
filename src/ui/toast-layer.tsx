import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify';
// Public pages load these with the first form or popup, not with every page.
import 'react-toastify/dist/ReactToastify.css';
import './toast-layer.css';
import { TOAST_LAYER_ID } from './raise-toast-layer';
import { usePageWords } from './page-words';

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
      <ToastContainer position="top-right" newestOnTop closeOnClick pauseOnFocusLoss={false} aria-label={words.notifications} />
    </div>
  );
}
