import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Enough to find the same control again once its page has rendered anew: its id, or its link and place. */
type Mark = { id: string } | { href: string; nth: number } | { tag: string; text: string; nth: number };

/** How long a page may take to show its h1 (a lazy screen, its data) before focus goes to main instead. */
const WAIT_MS = 5000;

function markOf(el: Element): Mark | null {
  if (el === document.body || !el.closest('#root')) return null;
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
    const place = () => {
      const now = document.activeElement;
      // The visitor moved on while the page loaded: leave focus where they put it.
      if (now && now !== before && now !== document.body && now.isConnected) return true;
      const el = target();
      if (!el) return false;
      // A heading remembered from before (the page's h1 that had focus) is rendered anew, without its tabindex.
      if (/^H[1-6]$/.test(el.tagName) && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
      el.focus({ preventScroll: !back });
      if (document.activeElement !== el) pageHeading()?.focus({ preventScroll: true });
      return true;
    };
    if (place()) return;
    const observer = new MutationObserver(() => {
      if (place()) stop();
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
