/** The toasts' popover element (src/ui/toast-layer.tsx). */
export const TOAST_LAYER_ID = 'toast-layer';

/** Puts the toasts back above everything, after a dialog has opened over them. No React: dialogs open without it. */
export function raiseToastLayer() {
  const layer = document.getElementById(TOAST_LAYER_ID);
  if (!layer?.matches(':popover-open')) return;
  layer.hidePopover();
  layer.showPopover();
}
