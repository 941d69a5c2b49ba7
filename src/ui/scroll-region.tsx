import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A labelled box that scrolls what does not fit (a wide table on a phone). While its content overflows it is a tab
 * stop, so keyboard users can scroll it (browsers other than Chromium and Firefox do not make scrollers focusable on
 * their own); while everything fits it is not, so it adds no empty stop to the page. Whether it overflows is known
 * only from the layout, so the tab stop is set where the layout is measured, not in the markup.
 */
export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    // A ResizeObserver reports once as soon as it observes, and again whenever the box or its content resizes.
    const observer = new ResizeObserver(() => {
      const overflows = box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight;
      if (overflows) box.setAttribute('tabindex', '0');
      else box.removeAttribute('tabindex');
    });
    observer.observe(box);
    for (const child of box.children) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className={className} role="region" aria-label={label}>
      {children}
    </div>
  );
}
