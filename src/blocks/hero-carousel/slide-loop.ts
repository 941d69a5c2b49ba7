import { HERO_CAROUSEL } from '../../shared/constants';

/** The hero carousel's section, as HeroCarouselBlock renders it at its first slide. */
export const SLIDE_LOOP_SELECTOR = '[data-slide-loop]';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Drives a hero carousel from its markup, with no React: an endless row of slides that moves on every `autoplayMs`
 * with a `speedMs` slide (the track's CSS transition), pausing while pointed at or focused or after its pause button,
 * and standing still for visitors who ask for less motion (then it moves only when told, straight to the slide). The
 * track holds a copy of the last slide before the first and of the first after the last: going round, it slides onto
 * the copy, then swaps it for the slide without moving, so it goes on rather than back across every slide. On a
 * public page the island loader starts it with the page; in the app the block's effect does. Returns its stop.
 */
export function startSlideLoop(section: HTMLElement, { autoplayMs, speedMs } = HERO_CAROUSEL): () => void {
  const found = section.querySelector<HTMLElement>('.hero-track');
  if (!found) return () => undefined;
  const track: HTMLElement = found;
  const slides = [...track.children] as HTMLElement[];
  const count = slides.length - 2;
  const dots = [...section.querySelectorAll<HTMLButtonElement>('[data-show-slide]')];
  const toggle = section.querySelector<HTMLButtonElement>('.motion-toggle');
  const motion = matchMedia(REDUCED_MOTION);
  /** 1..count are the slides; 0 and count + 1 their copies. */
  let position = 1;
  let animate = true;
  let hovered = false;
  let focused = false;
  let stopped = false;
  let autoplay: { slide: number; timer: ReturnType<typeof setTimeout> } | undefined;
  let swapTimer: ReturnType<typeof setTimeout> | undefined;
  let frame = 0;

  const still = () => motion.matches;
  const paused = () => hovered || focused || stopped;
  const current = () => (((position - 1) % count) + count) % count;
  const onCopy = () => position === 0 || position === count + 1;

  function draw() {
    track.style.transform = `translate3d(${-100 * position}%, 0, 0)`;
    track.classList.toggle('is-swapping', !animate);
    track.setAttribute('aria-live', paused() || still() ? 'polite' : 'off');
    slides.forEach((slide, i) => {
      // The copies (first and last in the track) stay hidden.
      if (i === 0 || i > count) return;
      const hidden = position !== i;
      // The page's h1 (the first slide's) stays in the accessibility tree out of view, so the page never lacks it.
      if (i === 1) for (const part of slide.querySelectorAll<HTMLElement>('[data-slide-part]')) part.inert = hidden;
      else slide.inert = hidden;
    });
    dots.forEach((dot, i) => (i === current() ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current')));
    // The pause button's name, and its icon: the stylesheet shows the one data-stopped says.
    toggle?.setAttribute('aria-label', toggle.getAttribute(stopped ? 'data-play-label' : 'data-pause-label') ?? '');
    toggle?.toggleAttribute('data-stopped', stopped);
  }

  // Each slide shows for autoplayMs from when it arrived (a swap is the same slide, so it does not restart the wait).
  function scheduleAutoplay() {
    const slide = paused() || still() || count < 2 ? -1 : current();
    if (autoplay?.slide === slide) return;
    clearTimeout(autoplay?.timer);
    autoplay = slide < 0 ? undefined : { slide, timer: setTimeout(() => move(current() + 2), autoplayMs) };
  }

  function update() {
    draw();
    scheduleAutoplay();
    clearTimeout(swapTimer);
    // The swap, should transitionend not come (a tab in the background, a transition cut short).
    if (onCopy()) swapTimer = setTimeout(settle, still() ? 0 : speedMs + 100);
  }

  function move(target: number) {
    animate = true;
    position = still() ? ((((target - 1) % count) + count) % count) + 1 : target;
    update();
  }

  function settle() {
    if (!onCopy()) return;
    animate = false;
    position = position === 0 ? count : 1;
    update();
    // The next move animates again once the swap has been drawn (two frames on).
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        animate = true;
        draw();
      });
    });
  }

  // While the track stands on a copy, input waits: the swap comes when the slide has arrived.
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('button') : null;
    if (!button || !section.contains(button)) return;
    if (button === toggle) {
      stopped = !stopped;
      return update();
    }
    const step = Number(button.dataset.step ?? 0);
    const slide = button.dataset.showSlide;
    if (onCopy()) return;
    if (step) move(position + step);
    else if (slide !== undefined) move(Number(slide) + 1);
  };
  const listeners: [EventTarget, string, (event: never) => void][] = [
    [section, 'click', onClick],
    [section, 'pointerenter', () => ((hovered = true), update())],
    [section, 'pointerleave', () => ((hovered = false), update())],
    [section, 'focusin', () => ((focused = true), update())],
    [section, 'focusout', (event: FocusEvent) => ((focused = section.contains(event.relatedTarget as Node | null)), update())],
    [track, 'transitionend', (event: TransitionEvent) => event.target === track && settle()],
    [motion, 'change', update],
  ];
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener as EventListener);
  update();
  return () => {
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener as EventListener);
    clearTimeout(autoplay?.timer);
    clearTimeout(swapTimer);
    cancelAnimationFrame(frame);
  };
}
