/**
 * Buttons anywhere open the site's overlays by naming one in `data-popup` (and, for an event's registration, the
 * event in `data-event`): one listener on the document opens it, so a button needs no script of its own and a
 * prerendered page's buttons work before any part of it hydrates.
 */
export type PopupId = 'franchise-apply' | 'contact' | 'complaint' | 'event-registration';

export const POPUP_ATTRIBUTE = 'data-popup';
const POPUP_EVENT_ATTRIBUTE = 'data-event';

/** The attributes of a button that opens a popup. */
export function popupButton(id: PopupId, event?: string) {
  return { [POPUP_ATTRIBUTE]: id, ...(event ? { [POPUP_EVENT_ATTRIBUTE]: event } : {}) };
}

export interface PopupRequest {
  id: PopupId;
  event?: string;
}

/** The popup a click asks for, if its target is (inside) a popup button. */
export function popupRequestOf(target: EventTarget | null): PopupRequest | undefined {
  const button = target instanceof Element ? target.closest(`[${POPUP_ATTRIBUTE}]`) : null;
  if (!button) return undefined;
  return { id: button.getAttribute(POPUP_ATTRIBUTE) as PopupId, event: button.getAttribute(POPUP_EVENT_ATTRIBUTE) ?? undefined };
}
