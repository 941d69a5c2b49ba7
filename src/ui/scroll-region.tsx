import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A labelled box that scrolls what does not fit (a wide table on a phone). It is a tab stop from the server's HTML
 * on, so keyboard users can scroll it before any script has run (browsers other than Chromium and Firefox do not
 * make scrollers focusable on their own, and a public page's islands wait for the visitor's first action). Once the
 * layout is measured, a box whose content fits stops being one, so it adds no empty stop to the page; it stays one
 * while it has focus, so focus is never dropped.
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
      else if (document.activeElement !== box) box.removeAttribute('tabindex');
    });
    observer.observe(box);
    for (const child of box.children) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must be reachable by keyboard (WCAG 2.1.1)
    <div ref={ref} className={className} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
