import type { LogoCarouselBlock as LogoCarouselProps } from '../../shared/generated/page-document';
import { LOGO_CAROUSEL } from '../../shared/constants';
import { Section } from '../shared/section';
import { AutoCarousel } from '../shared/carousel';
import { Picture } from '../shared/picture';
import type { IslandSchedule } from '../../ui/island';

/** An island: the carousel moves on its own (react-multi-carousel) once in view. */
export const island: IslandSchedule = { when: 'visible' };

export function LogoCarouselBlock({ id, heading, subheading, logos }: LogoCarouselProps) {
  return (
    <Section id={id} className="logo-carousel" heading={heading} intro={subheading}>
      <AutoCarousel responsive={LOGO_CAROUSEL.responsive} deviceType="desktop" timing={LOGO_CAROUSEL} arrows={false} itemClass="logo-slide">
        {logos.map((logo) => (
          <Picture key={logo.src} image={logo} className="client-logo" />
        ))}
      </AutoCarousel>
    </Section>
  );
}
