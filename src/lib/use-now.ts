import { useEffect, useState } from 'react';

/** The time now, moved on every `everyMs`: for what a screen shows against the clock, such as an overdue lead. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
