import { useEffect, useRef, type CSSProperties } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { HeroCarouselBlock as HeroCarouselProps, HeroSlide } from '../../shared/generated/page-document';
import { HERO_CAROUSEL } from '../../shared/constants';
import { MotionToggle } from '../../ui/motion-toggle';
import { ActionButton } from '../shared/action-button';
import { Picture } from '../shared/picture';
import { startSlideLoop } from './slide-loop';
import { usePageWords } from '../../ui/page-words';

interface SlideProps {
  slide: HeroSlide;
  label: string;
  /** The page's first slide carries its h1. */
  first: boolean;
  /** A copy the track passes over when it goes round: hidden from assistive technology and the tab order. */
  copy?: boolean;
}

/** A slide as it stands with the first in view; src/blocks/hero-carousel/slide-loop.ts takes the others in and out. */
function Slide({ slide, label, first, copy = false }: SlideProps) {
  // A copy repeats the slide's words but not its heading, so the page has one h1 and no heading twice.
  const Heading = copy ? 'p' : first ? 'h1' : 'h2';
  // Slides out of view leave the tab order and the accessibility tree, but the page's h1 stays there, so the page
  // never lacks its h1: then only its slide's other parts (data-slide-part) leave.
  const hidden = copy || !first;
  return (
    <div
      className="hero-slide"
      role={copy ? undefined : 'group'}
      aria-roledescription={copy ? undefined : 'slide'}
      aria-label={copy ? undefined : label}
      aria-hidden={copy || undefined}
      inert={hidden}
    >
      <Picture image={slide.image} eager={first && !copy} className="hero-slide-image" />
      <div className="container hero-slide-copy">
        {slide.subheading ? (
          <p className="eyebrow" data-slide-part>
            {slide.subheading}
          </p>
        ) : null}
        <Heading className="hero-slide-title">{slide.heading}</Heading>
        <p data-slide-part>{slide.text}</p>
        {slide.button ? (
          <div className="hero-slide-action" data-slide-part>
            <ActionButton button={slide.button} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The home page's carousel: slides that move on every 3000 ms with a 600 ms slide. Its markup is the first slide in
 * view; what moves it is src/blocks/hero-carousel/slide-loop.ts, with no React, so a public page runs none for it:
 * the island loader starts it there, and this effect does in the app.
 */
export function HeroCarouselBlock({ id, slides }: HeroCarouselProps) {
  const section = useRef<HTMLElement>(null);
  const words = usePageWords();
  useEffect(() => (section.current ? startSlideLoop(section.current) : undefined), []);
  const last = slides[slides.length - 1];
  const firstSlide = slides[0];
  const track = { transform: 'translate3d(-100%, 0, 0)', '--slide-ms': `${HERO_CAROUSEL.speedMs}ms` } as CSSProperties;
  return (
    <section
      ref={section}
      id={id}
      className="block hero-carousel"
      aria-roledescription="carousel"
      aria-label={words['carousel.label']}
      data-slide-loop
    >
      <div className="hero-viewport">
        <div className="hero-track" style={track} aria-live="off">
          {last ? <Slide slide={last} label="" first={false} copy /> : null}
          {slides.map((slide, i) => (
            <Slide
              key={slide.heading}
              slide={slide}
              label={words['carousel.slideOf'].replace('{n}', String(i + 1)).replace('{total}', String(slides.length))}
              first={i === 0}
            />
          ))}
          {firstSlide ? <Slide slide={firstSlide} label="" first copy /> : null}
        </div>
      </div>
      <div className="container hero-controls">
        <ul className="hero-dots">
          {slides.map((slide, i) => (
            <li key={slide.heading}>
              <button
                type="button"
                aria-label={words['carousel.goTo'].replace('{n}', String(i + 1))}
                aria-current={i === 0 || undefined}
                data-show-slide={i}
              />
            </li>
          ))}
        </ul>
        <button type="button" className="hero-arrow" aria-label={words['carousel.previous']} data-step={-1}>
          <ChevronLeft aria-hidden="true" />
        </button>
        <button type="button" className="hero-arrow" aria-label={words['carousel.next']} data-step={1}>
          <ChevronRight aria-hidden="true" />
        </button>
        <MotionToggle
          stopped={false}
          labels={{ pause: words['motion.pauseSlides'], play: words['motion.playSlides'] }}
          className="hero-arrow"
        />
      </div>
    </section>
  );
}
