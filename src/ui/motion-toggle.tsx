import { Pause, Play } from 'lucide-react';

interface MotionToggleProps {
  /** Whether the visitor has stopped the motion. */
  stopped: boolean;
  /** Absent when a script without React turns it (the hero carousel's, src/blocks/hero-carousel/slide-loop.ts). */
  onToggle?: () => void;
  /** The button's name while it moves and while stopped: "Pause slides", "Play slides". */
  labels: { pause: string; play: string };
  className?: string;
}

/**
 * The visible pause/play button of anything that moves by itself (WCAG 2.2.2). The stylesheet hides it for visitors
 * who ask for less motion, since nothing moves for them.
 */
export function MotionToggle({ stopped, onToggle, labels, className }: MotionToggleProps) {
  return (
    <button
      type="button"
      className={className ? `motion-toggle ${className}` : 'motion-toggle'}
      aria-label={stopped ? labels.play : labels.pause}
      data-stopped={stopped || undefined}
      // A script without React (the hero carousel's) names the button by these as it stops and starts.
      data-pause-label={labels.pause}
      data-play-label={labels.play}
      onClick={onToggle}
    >
      <Pause size={18} aria-hidden="true" className="motion-pause" />
      <Play size={18} aria-hidden="true" className="motion-play" />
    </button>
  );
}
