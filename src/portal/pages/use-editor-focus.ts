import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Keeps a keyboard user's place when the list of sections changes under them: after a section is moved, added, copied
 * or removed, focus goes to the first of the named controls (data-focus) that the new list has and can take it.
 */
export function useFocusAfterRender<T extends HTMLElement>() {
  const container = useRef<T>(null);
  const pending = useRef<string[] | null>(null);
  useEffect(() => {
    const names = pending.current;
    if (!names) return;
    pending.current = null;
    for (const name of names) {
      const control = container.current?.querySelector<HTMLElement>(`[data-focus="${name}"]`);
      if (control && !control.matches(':disabled')) {
        control.focus();
        return;
      }
    }
  });
  return { container, focusAfterRender: (...names: string[]) => (pending.current = names) };
}

/**
 * What the editor says to a screen reader after an action (a section moved, a page published): one live region that
 * is always on the screen, so each message is read, the same one twice too.
 */
export function useAnnouncer() {
  const [message, setMessage] = useState('');
  // A message like the last is changed by an invisible space, or the region would not read it again.
  const announce = useCallback((text: string) => setMessage((last) => (text && last === text ? `${text}\u00a0` : text)), []);
  return { message, announce };
}
