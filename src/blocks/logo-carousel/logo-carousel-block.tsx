import CarouselModule from 'react-multi-carousel';
import type { LogoCarouselBlock as LogoCarouselProps } from '../../shared/generated/page-document';
import { LOGO_CAROUSEL } from '../../shared/constants';
import { Section } from '../shared/section';
import { useReducedMotion } from '../../ui/use-reduced-motion';

// The package is CommonJS: under Node ESM its default export arrives wrapped.
const Carousel = ((CarouselModule as unknown as { default?: typeof CarouselModule }).default ?? CarouselModule);

export function LogoCarouselBlock({ id, heading, subheading, logos }: LogoCarouselProps) {
  // Stands still for visitors who ask for less motion.
  const still = useReducedMotion();
  return (
    <Section id={id} className="logo-carousel" heading={heading} intro={subheading}>
      <Carousel
        responsive={LOGO_CAROUSEL.responsive}
        ssr
        deviceType="desktop"
        infinite
        autoPlay={!still}
        autoPlaySpeed={LOGO_CAROUSEL.autoplayMs}
        transitionDuration={LOGO_CAROUSEL.transitionMs}
        customTransition={`transform ${LOGO_CAROUSEL.transitionMs}ms ease-in-out`}
        arrows={false}
        itemClass="logo-slide"
      >
        {logos.map((logo) => (
          <img key={logo.src} src={logo.src} alt={logo.alt} loading="lazy" decoding="async" className="client-logo" />
        ))}
      </Carousel>
    </Section>
  );
}
