import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { formatPhone, toE164 } from '../../shared/phone';
import { useLocation } from 'react-router-dom';
import type { Address, ContactCardsBlock as ContactCardsProps } from '../../shared/generated/page-document';
import { site } from '../../content/site';
import { Section } from '../shared/section';
import { SiteLink } from '../../ui/site-navigation';
import { JsonLd } from '../shared/structured-data';
import { employmentAgency } from './local-business';
import { usePageWords } from '../../ui/page-words';
import { usePageLocale } from '../../ui/site-navigation';
import { LOCALE_FACTS } from '../../shared/locales';
import { daysIn } from '../../shared/city-facts';

/** Street, city, state and PIN code on one line; a city that is its own state (Chandigarh) is named once. */
function addressLine(a: Address) {
  return `${a.street}, ${a.city}${a.state === a.city ? '' : `, ${a.state}`} ${a.postalCode}`;
}

/** A number as written in a page (checked by the schema's "phone" format): to dial, and to read. */
function officePhone(written: string) {
  return { tel: toE164(written) ?? written, display: formatPhone(written) };
}

export function ContactCardsBlock({
  id,
  heading,
  intro,
  address = site.address,
  officeHours = [],
  walkIn,
  phone,
  whatsapp,
  email = site.email,
  mapLink,
  jobsIn,
  localBusiness,
}: ContactCardsProps) {
  const { pathname } = useLocation();
  const words = usePageWords();
  const { tag } = LOCALE_FACTS[usePageLocale()];
  const call = phone ? officePhone(phone) : site.phone;
  const chat = whatsapp ? officePhone(whatsapp) : undefined;
  return (
    <Section id={id} className="contact-cards" heading={heading} intro={intro}>
      {localBusiness ? (
        <JsonLd data={employmentAgency(localBusiness, { path: pathname, address, officeHours, telephone: call.tel, email, mapLink })} />
      ) : null}
      <ul className="grid grid-3">
        <li className="card contact-card">
          <Phone aria-hidden="true" />
          <h3>{words['contact.call']}</h3>
          <a href={`tel:${call.tel}`}>{call.display}</a>
          {chat ? (
            <p>
              <a href={`https://wa.me/${chat.tel.slice(1)}`} rel="noopener noreferrer">
                WhatsApp {chat.display}
              </a>
            </p>
          ) : null}
        </li>
        <li className="card contact-card">
          <Mail aria-hidden="true" />
          <h3>{words['contact.email']}</h3>
          <a href={`mailto:${email}`}>{email}</a>
        </li>
        <li className="card contact-card">
          <MapPin aria-hidden="true" />
          <h3>{words['contact.visit']}</h3>
          <address>{addressLine(address)}</address>
          {mapLink ? (
            <p>
              <a href={mapLink} rel="noopener noreferrer">
                {words['contact.map']}
              </a>
            </p>
          ) : null}
        </li>
        {officeHours.length || walkIn ? (
          <li className="card contact-card">
            <Clock aria-hidden="true" />
            <h3>{words['contact.hours']}</h3>
            {officeHours.length ? (
              <dl className="hours">
                {officeHours.map((h) => (
                  <div key={h.days}>
                    <dt>{daysIn(h.days, tag)}</dt>
                    <dd>{h.hours === 'Closed' ? words['contact.closed'] : h.hours}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {walkIn ? (
              <p className="walk-in">
                <strong>{words['contact.walkIn']}</strong> {walkIn}
              </p>
            ) : null}
          </li>
        ) : null}
      </ul>
      {jobsIn ? (
        <p className="contact-jobs">
          <SiteLink href={`/job-openings?location=${encodeURIComponent(jobsIn)}`}>
            {words['contact.jobsIn'].replace('{city}', jobsIn)}
          </SiteLink>
        </p>
      ) : null}
    </Section>
  );
}
