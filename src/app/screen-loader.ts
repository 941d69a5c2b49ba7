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
 * Until React holds the screen, the first thing tapped on it waits, then is tapped again once the screen has hydrated:
 * - a control the disabled fieldset covers (a button, a box) gets no click (Chromium sends its pointer events to the
 *   document), so the tap is remembered by where it was on the page, and the control there is the one tapped;
 * - one it does not cover (a summary that opens a table) would act before React knows, and React's render would not
 *   follow it, so its click is held back.
 * A link is left to the browser: it works without script.
 */
function holdFirstTap(root: Element) {
  let down: PointerEvent | undefined;
  let tap: { x: number; y: number } | undefined;
  let held: Element | undefined;
  // Where the held element sits under the root, child by child: a part React renders anew (one the server left to the
  // browser) holds the same element at the same place.
  let heldPath: number[] = [];
  const pathOf = (element: Element) => {
    const path: number[] = [];
    for (let at: Element | null = element; at && at !== root && at.parentElement; at = at.parentElement)
      path.unshift([...at.parentElement.children].indexOf(at));
    return path;
  };
  const atPath = (path: number[]) => path.reduce<Element | undefined>((at, index) => at?.children[index], root);
  const pressed = (event: PointerEvent) => (down = event);
  const released = (event: PointerEvent) => {
    if (down && Math.hypot(event.pageX - down.pageX, event.pageY - down.pageY) <= TAP_SLOP) tap ??= { x: event.pageX, y: event.pageY };
  };
  const clicked = (event: MouseEvent) => {
    const target = event.target;
    if (!(target instanceof Element) || !root.contains(target) || target.closest('a[href]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held) return;
    held = target;
    heldPath = pathOf(target);
  };
  addEventListener('pointerdown', pressed, true);
  addEventListener('pointerup', released, true);
  addEventListener('click', clicked, true);
  document.addEventListener(
    SCREEN_HYDRATED_EVENT,
    () => {
      removeEventListener('pointerdown', pressed, true);
      removeEventListener('pointerup', released, true);
      removeEventListener('click', clicked, true);
      const at = tap && document.elementFromPoint(tap.x - scrollX, tap.y - scrollY);
      // A held click goes to its control, or to what it was on (a row that opens a lead).
      const byPath = held && !held.isConnected ? atPath(heldPath) : undefined;
      const again = held?.isConnected ? held : byPath?.tagName === held?.tagName ? byPath : undefined;
      const control = again ? (again.closest(CONTROL) ?? again) : at?.closest(CONTROL);
      if (!(control instanceof HTMLElement)) return;
      if (control.matches(TYPED_INTO)) control.focus();
      else control.click();
    },
    { once: true },
  );
}

const root = document.getElementById('root');
if (entry && root) {
  holdFirstTap(root);
  fetchAhead(files);
  afterFirstAction(() => void import(/* @vite-ignore */ entry));
}
