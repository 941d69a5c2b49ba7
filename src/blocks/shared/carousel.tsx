import { useState, type ComponentProps } from 'react';
import CarouselModule from 'react-multi-carousel';
import { useReducedMotion } from '../../ui/use-reduced-motion';
import { MotionToggle } from '../../ui/motion-toggle';
import { usePageWords } from '../../ui/page-words';

// The package is CommonJS: under Node ESM its default export arrives wrapped.
const Carousel = (CarouselModule as unknown as { default?: typeof CarouselModule }).default ?? CarouselModule;

type AutoCarouselProps = Omit<ComponentProps<typeof Carousel>, 'ssr' | 'infinite' | 'autoPlay' | 'autoPlaySpeed' | 'transitionDuration'> & {
  /** How long each position shows, and how long moving to the next takes. */
  timing: { autoplayMs: number; transitionMs: number };
};

/**
 * The site's carousels: prerendered for the device type given, endless, turning by itself with an eased slide. It
 * pauses while pointed at (the package's own pause on hover) or focused, stops at its pause button and stands still
 * for visitors who ask for less motion; its dots and arrows, where shown, still turn it.
 */
export function AutoCarousel({ timing, children, ...props }: AutoCarouselProps) {
  const still = useReducedMotion();
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const words = usePageWords();
  return (
    <div className="auto-carousel" onFocus={() => setFocused(true)} onBlur={(e) => setFocused(e.currentTarget.contains(e.relatedTarget))}>
      <Carousel
        ssr
        infinite
        autoPlay={!still && !focused && !stopped}
        autoPlaySpeed={timing.autoplayMs}
        transitionDuration={timing.transitionMs}
        customTransition={`transform ${timing.transitionMs}ms ease-in-out`}
        {...props}
      >
        {children}
      </Carousel>
      <MotionToggle
        stopped={stopped}
        onToggle={() => setStopped(!stopped)}
        labels={{ pause: words['motion.pauseCarousel'], play: words['motion.playCarousel'] }}
      />
    </div>
  );
}
