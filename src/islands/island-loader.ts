// The script of a public page: no React here. Each island (src/ui/island.tsx) loads its code and React, then hydrates,
// when near the viewport, when the browser is idle, or when touched, whichever comes first; one that waits for the
// visitor (a menu, a form) does nothing before their first scroll, pointer, key or focus on the page.
import 'react-multi-carousel/lib/styles.css';
import '../styles/site.css';
import { listenForScrollLinks } from '../ui/scroll-links';
import { sampleVitals } from '../site/sample-vitals';
import { ISLAND_CODE_META, NOT_FOUND_ROUTE, ROUTE_META } from '../shared/page-files';
import { sessionFromCookies } from '../shared/session';
import { scheduleAnnouncement, ANNOUNCEMENT_SELECTOR } from '../site/announcement';
import { SLIDE_LOOP_SELECTOR, startSlideLoop } from '../blocks/hero-carousel/slide-loop';
import { islandMap } from './island-map';
import { recordVisit } from '../lib/visit-attribution';
import { rememberLanguageChoices } from '../site/language-choice';
import { afterFirstAction, afterIdle, fetchAhead, TOUCH_EVENTS } from '../lib/first-action';

/** How far below the viewport an island starts loading, so it is ready by the time it scrolls in. */
const VISIBLE_MARGIN = '300px';

interface Pending {
  element: HTMLElement;
  wake?: string;
  hydrate: () => Promise<void>;
}

const pending = new Set<Pending>();

/**
 * The page is prerendered for a visitor: a signed-in user's navigation and overlays differ, so for them what waits for
 * idle hydrates at once instead, and the visitor's navigation shows as briefly as it can.
 */
const signedIn = sessionFromCookies(document.cookie).loggedIn;

/** The route the page was rendered for, as its islands were. */
const route =
  document.querySelector<HTMLMetaElement>(`meta[name="${ROUTE_META}"]`)?.content ?? (location.pathname.replace(/\/+$/, '') || '/');

/** Whether an island waits for the visitor's first action: then its code is fetched ahead. */
let waitsForVisitor = false;

function afterVisitor(run: () => void) {
  if (signedIn) return run();
  waitsForVisitor = true;
  afterFirstAction(run);
}

function whenVisible(element: HTMLElement, run: () => void) {
  // The island's element has display: contents and no box of its own: its children are what scroll into view.
  const boxes = [...element.children];
  if (!boxes.length || !('IntersectionObserver' in window)) return afterIdle(run);
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: `${VISIBLE_MARGIN} 0px` },
  );
  for (const box of boxes) observer.observe(box);
}

function schedule(element: HTMLElement) {
  const name = element.dataset.name ?? '';
  const load = islandMap[name];
  if (!load) return console.error(`No island named ${name}`);
  let hydrating: Promise<void> | undefined;
  const item: Pending = {
    element,
    wake: element.dataset.wake,
    hydrate: () =>
      (hydrating ??= (async () => {
        for (const type of TOUCH_EVENTS) element.removeEventListener(type, onTouch, true);
        const [module, { hydrateIsland }] = await Promise.all([load(), import('./hydrate-island')]);
        await hydrateIsland(element, module, JSON.parse(element.dataset.props ?? '{}') as object, route);
        pending.delete(item);
        // Said on the element once React holds the island and its effects have run, for whoever waits on it.
        element.dataset.hydrated = '';
      })()),
  };
  const onTouch = () => void item.hydrate();
  pending.add(item);
  for (const type of TOUCH_EVENTS) element.addEventListener(type, onTouch, { capture: true, passive: true });
  const when = () => {
    if (signedIn && element.dataset.when === 'idle') void item.hydrate();
    else if (element.dataset.when === 'idle') afterIdle(() => void item.hydrate());
    else whenVisible(element, () => void item.hydrate());
  };
  if (element.dataset.wait === 'visitor') afterVisitor(when);
  else when();
}

/**
 * A click that reaches an island before it has hydrated (or a button that wakes one, such as a popup's) waits for it,
 * then is given again, so it is never lost. A link is left to the browser: it works without script.
 */
function holdEarlyClicks() {
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || target.closest('a[href]')) return;
      const waiting = [...pending].filter(({ element, wake }) => element.contains(target) || (wake && target.closest(wake)));
      if (!waiting.length) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      void Promise.all(waiting.map((item) => item.hydrate())).then(() => target.click());
    },
    true,
  );
}

// Where the visitor came from, for the leads they send (src/lib/visit-attribution.ts).
recordVisit();
// The server answers an unknown address with the not-found page and status 404; the address bar says so too.
if (route === NOT_FOUND_ROUTE && location.pathname !== NOT_FOUND_ROUTE) history.replaceState(history.state, '', NOT_FOUND_ROUTE);
holdEarlyClicks();
listenForScrollLinks();
rememberLanguageChoices();
scheduleAnnouncement(document.querySelector<HTMLDialogElement>(ANNOUNCEMENT_SELECTOR));
// The hero carousel moves from the start, with no React (src/blocks/hero-carousel/slide-loop.ts).
for (const section of document.querySelectorAll<HTMLElement>(SLIDE_LOOP_SELECTOR)) startSlideLoop(section);
for (const element of document.querySelectorAll<HTMLElement>('hf-island')) schedule(element);
// React's DOM renderer and the code of the islands that wait for the visitor, so a first tap does not wait on the network.
if (waitsForVisitor)
  fetchAhead(document.querySelector<HTMLMetaElement>(`meta[name="${ISLAND_CODE_META}"]`)?.content.split(' ').filter(Boolean) ?? []);
sampleVitals();
