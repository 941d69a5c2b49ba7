import { useCallback, useEffect, useState } from 'react';

interface Loop {
  /** The slide in view, 0-based. */
  current: number;
  /**
   * Where the track stands: 1..count are the slides; 0 and count + 1 are copies of the last and the first, which
   * the track slides onto when it goes round, then swaps for the slide itself without moving (so it goes on, not
   * back across every slide).
   */
  position: number;
  /** Whether the track animates to its position: not while it swaps a copy for its slide. */
  animate: boolean;
  /** Moves one slide on (1) or back (-1), going round at the ends. */
  step: (direction: 1 | -1) => void;
  /** Shows a slide, 0-based. */
  show: (slide: number) => void;
  /** For the track's transitionend: a copy reached is swapped for its slide. */
  settle: () => void;
}

/**
 * An endless row of slides that moves on by itself every `autoplayMs` unless paused or `still` (a visitor who asks
 * for less motion): then it only moves when told, straight to the slide, with no copies involved.
 */
export function useSlideLoop(
  count: number,
  { autoplayMs, speedMs, paused, still }: { autoplayMs: number; speedMs: number; paused: boolean; still: boolean },
): Loop {
  const [position, setPosition] = useState(1);
  const [animate, setAnimate] = useState(true);
  const current = (((position - 1) % count) + count) % count;
  const onCopy = position === 0 || position === count + 1;

  const settle = useCallback(() => {
    if (!onCopy) return;
    setAnimate(false);
    setPosition(position === 0 ? count : 1);
  }, [count, onCopy, position]);

  const move = useCallback(
    (target: number) => {
      setAnimate(true);
      setPosition(still ? ((((target - 1) % count) + count) % count) + 1 : target);
    },
    [count, still],
  );

  // While the track stands on a copy, input waits: the swap comes when the slide has arrived.
  const step = useCallback((direction: 1 | -1) => !onCopy && move(position + direction), [move, onCopy, position]);
  const show = useCallback((slide: number) => !onCopy && move(slide + 1), [move, onCopy]);

  // The swap, should transitionend not come (a tab in the background, a transition cut short).
  useEffect(() => {
    if (!onCopy) return;
    const timer = setTimeout(settle, still ? 0 : speedMs + 100);
    return () => clearTimeout(timer);
  }, [onCopy, settle, speedMs, still]);

  // After a swap the next move animates again, once the swap has been drawn (two frames on).
  useEffect(() => {
    if (animate) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setAnimate(true));
    });
    return () => cancelAnimationFrame(frame);
  }, [animate]);

  // Each slide shows for autoplayMs from when it arrived (a swap is the same slide, so it does not restart the wait).
  useEffect(() => {
    if (paused || still || count < 2) return;
    const timer = setTimeout(() => move(current + 2), autoplayMs);
    return () => clearTimeout(timer);
  }, [autoplayMs, count, current, move, paused, still]);

  return { current, position, animate, step, show, settle };
}
