import { useState, type CSSProperties } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { HeroCarouselBlock as HeroCarouselProps, HeroSlide } from '../../shared/generated/page-document';
import { HERO_CAROUSEL } from '../../shared/constants';
import { useReducedMotion } from '../../ui/use-reduced-motion';
import { MotionToggle } from '../../ui/motion-toggle';
import { ActionButton } from '../shared/action-button';
import { Picture } from '../shared/picture';
import { useSlideLoop } from './use-slide-loop';

interface SlideProps {
  slide: HeroSlide;
  label: string;
  /** The page's first slide carries its h1. */
  first: boolean;
  /** A copy the track passes over when it goes round: hidden from assistive technology and the tab order. */
  copy?: boolean;
  /** Slides out of view leave the tab order and the accessibility tree. */
  inView: boolean;
}

function Slide({ slide, label, first, copy = false, inView }: SlideProps) {
  // A copy repeats the slide's words but not its heading, so the page has one h1 and no heading twice.
  const Heading = copy ? 'p' : first ? 'h1' : 'h2';
  // The page's h1 stays in the accessibility tree while its slide is out of view, so the page never lacks its h1:
  // then only the slide's other parts leave it (and the tab order).
  const keepsHeading = first && !copy;
  const hidden = copy || !inView;
  const partHidden = hidden && keepsHeading;
  return (
    <div
      className="hero-slide"
      role={copy ? undefined : 'group'}
      aria-roledescription={copy ? undefined : 'slide'}
      aria-label={copy ? undefined : label}
      aria-hidden={copy || undefined}
      inert={hidden && !keepsHeading}
    >
      <Picture image={slide.image} eager={first && !copy} className="hero-slide-image" />
      <div className="container hero-slide-copy">
        {slide.subheading ? (
          <p className="eyebrow" inert={partHidden}>
            {slide.subheading}
          </p>
        ) : null}
        <Heading className="hero-slide-title">{slide.heading}</Heading>
        <p inert={partHidden}>{slide.text}</p>
        {slide.button ? (
          <div className="hero-slide-action" inert={partHidden}>
            <ActionButton button={slide.button} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The home page's carousel: slides that move on every 3000 ms with a 600 ms slide (the track's own CSS transition),
 * pausing while pointed at or focused or after its pause button, and standing still for visitors who ask for less
 * motion.
 */
export function HeroCarouselBlock({ id, slides }: HeroCarouselProps) {
  const still = useReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const paused = hovered || focused || stopped;
  const loop = useSlideLoop(slides.length, { ...HERO_CAROUSEL, paused, still });
  const last = slides[slides.length - 1];
  const firstSlide = slides[0];
  const track = {
    transform: `translate3d(${-100 * loop.position}%, 0, 0)`,
    '--slide-ms': `${HERO_CAROUSEL.speedMs}ms`,
  } as CSSProperties;
  return (
    <section
      id={id}
      className="block hero-carousel"
      aria-roledescription="carousel"
      aria-label="Highlights"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => setFocused(e.currentTarget.contains(e.relatedTarget))}
    >
      <div className="hero-viewport">
        <div
          className={`hero-track${loop.animate ? '' : ' is-swapping'}`}
          style={track}
          aria-live={paused || still ? 'polite' : 'off'}
          onTransitionEnd={(e) => e.target === e.currentTarget && loop.settle()}
        >
          {last ? <Slide slide={last} label="" first={false} copy inView={false} /> : null}
          {slides.map((slide, i) => (
            <Slide
              key={slide.heading}
              slide={slide}
              label={`${i + 1} of ${slides.length}`}
              first={i === 0}
              inView={loop.position === i + 1}
            />
          ))}
          {firstSlide ? <Slide slide={firstSlide} label="" first copy inView={false} /> : null}
        </div>
      </div>
      <div className="container hero-controls">
        <ul className="hero-dots">
          {slides.map((slide, i) => (
            <li key={slide.heading}>
              <button
                type="button"
                aria-label={`Go to slide ${i + 1}`}
                aria-current={loop.current === i || undefined}
                onClick={() => loop.show(i)}
              />
            </li>
          ))}
        </ul>
        <button type="button" className="hero-arrow" aria-label="Previous slide" onClick={() => loop.step(-1)}>
          <ChevronLeft aria-hidden="true" />
        </button>
        <button type="button" className="hero-arrow" aria-label="Next slide" onClick={() => loop.step(1)}>
          <ChevronRight aria-hidden="true" />
        </button>
        <MotionToggle stopped={stopped} onToggle={() => setStopped(!stopped)} what="slides" className="hero-arrow" />
      </div>
    </section>
  );
}
