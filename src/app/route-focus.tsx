import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Enough to find the same control again once its page has rendered anew: its id, or its link and place. */
type Mark = { id: string } | { href: string; nth: number } | { tag: string; text: string; nth: number } | { pageHeading: true };

/** How long a page may take to show its h1 (a lazy screen, its data) before focus goes to main instead. */
const WAIT_MS = 5000;

function markOf(el: Element): Mark | null {
  if (el === document.body || !el.closest('#root')) return null;
  // The page's h1 may say something else when shown again (its data loaded), so it is found as the h1.
  if (el === document.querySelector('#main h1')) return { pageHeading: true };
  if (el.id) return { id: el.id };
  const href = el.getAttribute('href');
  if (el.tagName === 'A' && href !== null) {
    const same = [...document.querySelectorAll('a')].filter((a) => a.getAttribute('href') === href);
    return { href, nth: same.indexOf(el as HTMLAnchorElement) };
  }
  const text = el.textContent?.trim() ?? '';
  const same = [...document.querySelectorAll(el.tagName)].filter((e) => e.textContent?.trim() === text);
  return { tag: el.tagName, text, nth: same.indexOf(el) };
}

function find(mark: Mark): HTMLElement | null {
  if ('pageHeading' in mark) return pageHeading();
  if ('id' in mark) return document.getElementById(mark.id);
  if ('href' in mark) return [...document.querySelectorAll('a')].filter((a) => a.getAttribute('href') === mark.href)[mark.nth] ?? null;
  const same = [...document.querySelectorAll<HTMLElement>(mark.tag)].filter((e) => e.textContent?.trim() === mark.text);
  return same[mark.nth] ?? null;
}

/**
 * The new page's h1, made focusable by script only (it is no tab stop); main when the h1 cannot take focus (a
 * carousel slide out of view is inert).
 */
function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('#main h1');
  if (heading?.closest('[inert]')) return document.getElementById('main');
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

/**
 * Focus after a client-side change of page, which otherwise stays on the link just followed (or falls to the page):
 * it moves to the new page's h1, whose text a screen reader then reads, so the h1 is what announces the page (no
 * separate live region, which would say it twice). Back and Forward return focus to the control that was followed
 * from that page. Nothing moves on the first load, on a change of the query or hash alone (filters, paging,
 * anchors), or once the visitor has moved focus themselves while the page was loading.
 */
export function RouteFocus() {
  const { pathname, key } = useLocation();
  const navigationType = useNavigationType();
  const last = useRef<Mark | null>(null);
  const marks = useRef(new Map<string, Mark>());
  const shown = useRef<{ pathname: string; key: string } | null>(null);

  // What has focus, remembered as it moves: by the time the next page shows, the control itself is gone.
  useEffect(() => {
    const remember = (event: Event) => {
      const target = event.target instanceof Element ? event.target.closest('a, button, [tabindex]') : null;
      if (target) last.current = markOf(target);
    };
    document.addEventListener('focusin', remember);
    // Safari does not focus a link it clicks.
    document.addEventListener('click', remember, true);
    return () => {
      document.removeEventListener('focusin', remember);
      document.removeEventListener('click', remember, true);
    };
  }, []);

  useEffect(() => {
    const previous = shown.current;
    shown.current = { pathname, key };
    if (!previous || previous.pathname === pathname) return;
    if (last.current) marks.current.set(previous.key, last.current);
    last.current = null;

    const before = document.activeElement;
    const back = navigationType === 'POP' ? marks.current.get(key) : undefined;
    const target = () => (back ? find(back) : pageHeading());
    /** Where focus was put; placed again should the screen render it anew (its data arrived) and focus fall away. */
    let placed: HTMLElement | null = null;
    /** Whether the visitor moved focus themselves while the page loaded: it stays where they put it. */
    const visitorMoved = () => {
      const now = document.activeElement;
      return !!now && now !== before && now !== placed && now !== document.body && now.isConnected;
    };
    const place = () => {
      const el = target();
      if (!el) return;
      // A heading remembered from before (the page's h1 that had focus) is rendered anew, without its tabindex.
      if (/^H[1-6]$/.test(el.tagName) && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
      el.focus({ preventScroll: !back || placed !== null });
      if (document.activeElement !== el) pageHeading()?.focus({ preventScroll: true });
      placed = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    };
    place();
    const observer = new MutationObserver(() => {
      // The address has moved on: the next page's own effect takes over (this one's clean-up comes after its render).
      if (location.pathname !== pathname || visitorMoved()) return stop();
      if (!placed?.isConnected) place();
    });
    const timer = setTimeout(() => {
      stop();
      const main = document.getElementById('main');
      if (document.activeElement === document.body || document.activeElement === before) main?.focus({ preventScroll: true });
    }, WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.getElementById('root') ?? document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, key, navigationType]);

  return null;
}
