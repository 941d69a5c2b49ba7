import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ContactCardsBlock } from '../../src/blocks/contact-cards/contact-cards-block';
import { site } from '../../src/content/site';
import { withCityFacts } from '../../src/shared/city-facts';
import type { ContactCardsBlock as ContactCards, PageDocument } from '../../src/shared/generated/page-document';

const pune = {
  version: 4,
  route: '/franchise/pune',
  city: {
    name: 'Pune',
    state: 'Maharashtra',
    office: { street: '3rd Floor, Tower B, Baner Road', city: 'Pune', state: 'Maharashtra', postalCode: '411045', country: 'India' },
    phone: '020 4567 8901',
    whatsapp: '+91 98220 12345',
    email: 'pune@hireframe.in',
    mapLink: 'https://maps.app.goo.gl/pune-office',
    officeHours: [{ days: 'Monday-Saturday', hours: '9:30 AM-6:30 PM' }],
  },
  meta: { title: 'Pune' },
  blocks: [{ type: 'contact-cards', id: 'contact', heading: 'Visit us', localBusiness: { name: 'Hireframe Pune' } }],
} as unknown as PageDocument;

const cardsOf = (page: PageDocument) => page.blocks.find((b): b is ContactCards => b.type === 'contact-cards')!;
const render = (cards: ContactCards) =>
  renderToString(
    <StaticRouter location="/franchise/pune">
      <ContactCardsBlock {...cards} />
    </StaticRouter>,
  );

describe("a city page's contact cards", () => {
  it("show the city office's own phone, WhatsApp, e-mail, address, map and hours", () => {
    const html = render(cardsOf(withCityFacts(pune)));
    expect(html).toContain('href="tel:+912045678901"');
    expect(html).toContain('+91 20 4567 8901');
    expect(html).toContain('href="https://wa.me/919822012345"');
    expect(html).toContain('href="mailto:pune@hireframe.in"');
    expect(html).toContain('href="https://maps.app.goo.gl/pune-office"');
    expect(html).toContain('3rd Floor, Tower B, Baner Road, Pune, Maharashtra 411045');
    expect(html).toContain('Monday-Saturday');
    expect(html).not.toContain(site.phone.display);
  });

  it('tell search engines the same office, phone, e-mail and map', () => {
    const html = render(cardsOf(withCityFacts(pune)));
    const office = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as Record<string, unknown>;
    expect(office).toMatchObject({
      '@type': 'EmploymentAgency',
      name: 'Hireframe Pune',
      telephone: '+912045678901',
      email: 'pune@hireframe.in',
      hasMap: 'https://maps.app.goo.gl/pune-office',
      address: { streetAddress: '3rd Floor, Tower B, Baner Road', addressLocality: 'Pune', postalCode: '411045' },
    });
  });

  it("show the site's phone and e-mail for a city that has none of its own, and the cards' own values first", () => {
    const { phone: _phone, whatsapp: _whatsapp, email: _email, ...facts } = pune.city!;
    const html = render(cardsOf(withCityFacts({ ...pune, city: facts })));
    expect(html).toContain(`href="tel:${site.phone.tel}"`);
    expect(html).toContain(`href="mailto:${site.email}"`);
    expect(html).not.toContain('wa.me');
    const own = { ...pune, blocks: [{ ...cardsOf(pune), phone: '+91 98765 00000' }] } as PageDocument;
    expect(cardsOf(withCityFacts(own)).phone).toBe('+91 98765 00000');
  });

  it('leave a page with no city as it is', () => {
    const about = { ...pune, city: undefined, route: '/about' } as PageDocument;
    expect(withCityFacts(about)).toBe(about);
  });
});
