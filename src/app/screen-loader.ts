// The script of a portal screen the server rendered for a signed-in user. The screen arrives whole, with its data, and
// its links work without script; React and the app's code are fetched ahead and run at the user's first scroll,
// pointer, key or focus, as a public page's islands are (src/islands/island-loader.ts).
import { afterFirstAction, fetchAhead } from '../lib/first-action';
import { APP_CODE_META, SCREEN_HYDRATED_EVENT } from '../shared/rendered-state';

const files = document.querySelector<HTMLMetaElement>(`meta[name="${APP_CODE_META}"]`)?.content.split(' ').filter(Boolean) ?? [];
const [entry] = files;

/** What a tap before hydration reached for: a control of the disabled screen, tapped again once it takes taps. */
const CONTROL = 'button, summary, input, select, textarea, label, [role="button"]';
const TYPED_INTO = 'input:not([type="checkbox"], [type="radio"], [type="button"], [type="submit"]), select, textarea';
/** How far a finger may move between down and up and still be a tap, in CSS pixels. */
const TAP_SLOP = 10;

/**
 * The screen is a disabled fieldset until React holds it, so a tap on one of its controls does nothing then (Chromium
 * sends its pointer events to the document, not the control): the first tap is remembered by where it was on the
 * page, and the control there is tapped again once the screen has hydrated.
 */
function holdFirstTap() {
  let down: PointerEvent | undefined;
  let tap: { x: number; y: number } | undefined;
  const pressed = (event: PointerEvent) => (down = event);
  const released = (event: PointerEvent) => {
    if (down && Math.hypot(event.pageX - down.pageX, event.pageY - down.pageY) <= TAP_SLOP) tap ??= { x: event.pageX, y: event.pageY };
  };
  addEventListener('pointerdown', pressed, true);
  addEventListener('pointerup', released, true);
  document.addEventListener(
    SCREEN_HYDRATED_EVENT,
    () => {
      removeEventListener('pointerdown', pressed, true);
      removeEventListener('pointerup', released, true);
      if (!tap) return;
      const control = document.elementFromPoint(tap.x - scrollX, tap.y - scrollY)?.closest(CONTROL);
      if (!(control instanceof HTMLElement)) return;
      if (control.matches(TYPED_INTO)) control.focus();
      else control.click();
    },
    { once: true },
  );
}

if (entry) {
  holdFirstTap();
  fetchAhead(files);
  afterFirstAction(() => void import(/* @vite-ignore */ entry));
}
