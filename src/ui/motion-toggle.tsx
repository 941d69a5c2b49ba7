import { Pause, Play } from 'lucide-react';
import { motionLabel } from './motion-label';

interface MotionToggleProps {
  /** Whether the visitor has stopped the motion. */
  stopped: boolean;
  /** Absent when a script without React turns it (the hero carousel's, src/blocks/hero-carousel/slide-loop.ts). */
  onToggle?: () => void;
  /** What moves, for the button's name: "Pause slides", "Play slides". */
  what: string;
  className?: string;
}

/**
 * The visible pause/play button of anything that moves by itself (WCAG 2.2.2). The stylesheet hides it for visitors
 * who ask for less motion, since nothing moves for them.
 */
export function MotionToggle({ stopped, onToggle, what, className }: MotionToggleProps) {
  return (
    <button
      type="button"
      className={className ? `motion-toggle ${className}` : 'motion-toggle'}
      aria-label={motionLabel(stopped, what)}
      data-stopped={stopped || undefined}
      onClick={onToggle}
    >
      <Pause size={18} aria-hidden="true" className="motion-pause" />
      <Play size={18} aria-hidden="true" className="motion-play" />
    </button>
  );
}
