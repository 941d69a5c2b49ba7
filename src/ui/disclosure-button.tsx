import type { ReactNode } from 'react';

/** A button that shows and hides the part it names (`controls`, an element's id), saying which it is doing. */
export function DisclosureButton({
  open,
  controls,
  onToggle,
  className = 'button button-light',
  children,
}: {
  open: boolean;
  controls: string;
  onToggle: (open: boolean) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className={className} aria-expanded={open} aria-controls={controls} onClick={() => onToggle(!open)}>
      {children}
    </button>
  );
}
