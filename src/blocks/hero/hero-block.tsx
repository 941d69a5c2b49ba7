import { Phone } from 'lucide-react';
import type { HeroBlock as HeroProps } from '../../shared/generated/page-document';
import { site } from '../../content/site';
import { PageForm } from '../../forms/lazy-form-view';
import { CheckList } from '../shared/check-list';
import { ButtonRow } from '../shared/action-button';
import { Picture } from '../shared/picture';

export function HeroBlock({ id, subheading, heading, text, items, callLink, buttons, form, image }: HeroProps) {
  const aside = form ? <PageForm use={form} /> : image ? <Picture image={image} eager className="hero-image" /> : null;
  return (
    <section id={id} className={`block hero${aside ? ' hero-split' : ''}`}>
      <div className="container hero-inner">
        <div className="hero-copy">
          {subheading ? <p className="eyebrow">{subheading}</p> : null}
          <h1>{heading}</h1>
          {text ? <p className="hero-text">{text}</p> : null}
          <CheckList items={items} />
          {callLink ? (
            <a className="call-link" href={`tel:${site.phone.tel}`}>
              <Phone size={20} aria-hidden="true" /> Connect With Our Agents <span className="call-number">{site.phone.display}</span>
            </a>
          ) : null}
          <ButtonRow buttons={buttons} />
        </div>
        {aside ? <div className="hero-aside">{aside}</div> : null}
      </div>
    </section>
  );
}
