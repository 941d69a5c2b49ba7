import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { ContactCardsBlock as ContactCardsProps } from '../../shared/generated/page-document';
import { site } from '../../content/site';
import { Section } from '../shared/section';

export function ContactCardsBlock({ id, heading, intro, address, officeHours, walkIn }: ContactCardsProps) {
  const a = site.address;
  return (
    <Section id={id} className="contact-cards" heading={heading} intro={intro}>
      <ul className="grid grid-3">
        <li className="card contact-card">
          <Phone aria-hidden="true" />
          <h3>Call us</h3>
          <a href={`tel:${site.phone.tel}`}>{site.phone.display}</a>
        </li>
        <li className="card contact-card">
          <Mail aria-hidden="true" />
          <h3>Email us</h3>
          <a href={`mailto:${site.email}`}>{site.email}</a>
        </li>
        <li className="card contact-card">
          <MapPin aria-hidden="true" />
          <h3>Visit us</h3>
          <address>{address ?? `${a.street}, ${a.city}, ${a.state} ${a.postalCode}`}</address>
        </li>
        {officeHours?.length || walkIn ? (
          <li className="card contact-card">
            <Clock aria-hidden="true" />
            <h3>Office hours</h3>
            {officeHours?.length ? (
              <dl className="hours">
                {officeHours.map((h) => (
                  <div key={h.days}>
                    <dt>{h.days}</dt>
                    <dd>{h.hours}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {walkIn ? (
              <p className="walk-in">
                <strong>Walk-in:</strong> {walkIn}
              </p>
            ) : null}
          </li>
        ) : null}
      </ul>
    </Section>
  );
}
