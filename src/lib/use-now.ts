import { createContext, useContext, useEffect, useState } from 'react';

/**
 * The time a page was rendered at on the server (ms), which hydration renders with so both draw the same; null in a
 * page the browser renders itself.
 */
export const RenderedAt = createContext<number | null>(null);

/** The time now, moved on every `everyMs`: for what a screen shows against the clock, such as an overdue lead. */
export function useNow(everyMs = 60_000): number {
  const rendered = useContext(RenderedAt);
  const [now, setNow] = useState(() => rendered ?? Date.now());
  useEffect(() => {
    // Hydrated with the server's time: the browser's own right after.
    const first = setTimeout(() => setNow(Date.now()), 0);
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [everyMs]);
  return now;
}
