import type { HeroCarouselBlock as HeroCarouselProps } from '../../shared/generated/page-document';
import { HERO_CAROUSEL } from '../../shared/constants';
import { ActionButton } from '../shared/action-button';
import { Picture } from '../shared/picture';
import { AutoCarousel } from '../shared/carousel';

const oneSlide = { all: { breakpoint: { max: 100000, min: 0 }, items: 1 } };

export function HeroCarouselBlock({ id, slides }: HeroCarouselProps) {
  return (
    <section id={id} className="block hero-carousel" aria-roledescription="carousel" aria-label="Highlights">
      <AutoCarousel
        responsive={oneSlide}
        deviceType="all"
        timing={{ autoplayMs: HERO_CAROUSEL.autoplayMs, transitionMs: HERO_CAROUSEL.speedMs }}
        showDots
        arrows
        pauseOnHover
      >
        {slides.map((slide, i) => (
          <div className="hero-slide" key={slide.heading} aria-roledescription="slide" aria-label={`${i + 1} of ${slides.length}`}>
            <Picture image={slide.image} eager={i === 0} className="hero-slide-image" />
            <div className="container hero-slide-copy">
              {slide.subheading ? <p className="eyebrow">{slide.subheading}</p> : null}
              {i === 0 ? <h1>{slide.heading}</h1> : <h2>{slide.heading}</h2>}
              <p>{slide.text}</p>
              {slide.button ? <ActionButton button={slide.button} /> : null}
            </div>
          </div>
        ))}
      </AutoCarousel>
    </section>
  );
}
