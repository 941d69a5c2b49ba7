import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MoveHorizontal } from 'lucide-react';
import { ScrollRegion } from '../../ui/scroll-region';

interface Edges {
  /** Columns hidden to the left. */
  before: boolean;
  /** Columns hidden to the right. */
  after: boolean;
}

const none: Edges = { before: false, after: false };

/**
 * A wide table in a box that scrolls sideways when the screen is narrower than the table, and says so: a line above
 * it, and a shade on each edge that has columns beyond it, fading as the last column comes into view. The box is a
 * tab stop from the server's HTML on (ScrollRegion), so arrow keys move it too. Rendered without cues on the server,
 * since only the browser's layout tells whether the table fits.
 */
export function SideScroll({ label, children }: { label: string; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>(none);
  useEffect(() => {
    const box = frame.current?.firstElementChild;
    if (!(box instanceof HTMLElement) || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const rest = box.scrollWidth - box.clientWidth - Math.abs(box.scrollLeft);
      const next = { before: Math.abs(box.scrollLeft) > 1, after: rest > 1 };
      setEdges((now) => (now.before === next.before && now.after === next.after ? now : next));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    for (const child of box.children) observer.observe(child);
    box.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', measure);
    };
  }, []);
  const scrolls = edges.before || edges.after;
  return (
    <>
      <p className="scroll-hint" hidden={!scrolls}>
        <MoveHorizontal size={16} aria-hidden="true" /> Scroll sideways to see all columns
      </p>
      <div ref={frame} className="scroll-frame" data-more-before={edges.before || undefined} data-more-after={edges.after || undefined}>
        <ScrollRegion className="table-scroll" label={label}>
          {children}
        </ScrollRegion>
      </div>
    </>
  );
}
