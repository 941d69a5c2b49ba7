import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventsBlock } from '../../src/blocks/events/events-block';
import { OfferBlock } from '../../src/blocks/offer/offer-block';
import type { EventsBlock as EventsProps, OfferBlock as OfferProps } from '../../src/shared/generated/page-document';
import { upcomingEventsOf } from '../../src/shared/form-uses';

/** The server's render of a block at an instant: what the prerender writes on a given day. */
function renderAt(instant: string, element: React.ReactElement) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
  return renderToString(<StaticRouter location="/">{element}</StaticRouter>);
}
afterEach(() => void vi.useRealTimers());

const offer: OfferProps = {
  type: 'offer',
  id: 'offer',
  heading: 'Half the Franchise Fee',
  price: '₹1 lakh + GST',
  validUntil: '2025-08-31',
  button: { label: 'Apply Now', action: { open: 'franchise-apply' } },
};

describe('the offer block, rendered on a day', () => {
  it('offers Apply Now until its last day has ended in India', () => {
    // 23:59 on 31 August in India.
    const html = renderAt('2025-08-31T18:29:00Z', <OfferBlock {...offer} />);
    expect(html).toContain('Apply Now');
    expect(html).toContain('Offer valid till 31 August 2025.');
    expect(html).toContain('data-rendered-on="2025-08-31"');
  });

  it('shows no button, and says it closed, from the next day in India', () => {
    // 00:01 on 1 September in India, still 31 August in UTC.
    const html = renderAt('2025-08-31T18:31:00Z', <OfferBlock {...offer} />);
    expect(html).not.toContain('Apply Now');
    expect(html).not.toContain('<button');
    expect(html).toContain('This offer closed on 31 August 2025.');
    expect(html).toContain('data-rendered-on="2025-09-01"');
  });
});

const events: EventsProps = {
  type: 'events',
  heading: 'Events',
  events: [
    {
      title: 'Job Fair',
      date: '2026-12-12',
      time: '10:00 AM-5:00 PM',
      location: 'Surat',
      category: 'Job Fair',
      description: 'Interviews.',
    },
    {
      title: 'Walk-in',
      repeats: 'Every Saturday',
      time: '10:00 AM-4:00 PM',
      location: 'Surat',
      category: 'Walk-in',
      description: 'Drop in.',
    },
    { title: 'Workshop', date: '2026-12-20', time: '11:00 AM', location: 'Surat', category: 'Workshop', description: 'Resumes.' },
  ],
};

const badges = (html: string) => [...html.matchAll(/badge (?:badge-upcoming|badge-muted)">([^<]+)</g)].map((m) => m[1]);

describe('the events block, rendered on a day', () => {
  it('shows an event Coming Soon through its day and Completed after it; a repeating one always Coming Soon', () => {
    expect(badges(renderAt('2026-12-12T12:00:00+05:30', <EventsBlock {...events} />))).toEqual([
      'Coming Soon',
      'Coming Soon',
      'Coming Soon',
    ]);
    const after = renderAt('2026-12-13T00:05:00+05:30', <EventsBlock {...events} />);
    expect(badges(after)).toEqual(['Completed', 'Coming Soon', 'Coming Soon']);
    expect(after).toContain('This event has taken place.');
    expect(after).toContain('<time dateTime="2026-12-12">12 Dec 2026</time>');
    expect(after).toContain('Every Saturday');
  });

  it('labels register buttons by category, or with the label the page sets', () => {
    const byCategory = renderAt('2026-01-01T10:00:00+05:30', <EventsBlock {...events} />);
    expect(byCategory).toContain('Register for Event<span class="visually-hidden"> for <!-- -->Job Fair</span>');
    expect(byCategory).toContain('Register for Workshop<span class="visually-hidden"> for <!-- -->Workshop</span>');
    const chennai = renderAt('2026-01-01T10:00:00+05:30', <EventsBlock {...events} buttonLabel="Register Now" />);
    expect(chennai.match(/>Register Now</g)).toHaveLength(3);
  });

  it('lets the server take registrations for the same events the page shows as upcoming', () => {
    const page = { blocks: [events] };
    expect(upcomingEventsOf(page, '2026-12-12')).toEqual(['Job Fair', 'Walk-in', 'Workshop']);
    expect(upcomingEventsOf(page, '2026-12-13')).toEqual(['Walk-in', 'Workshop']);
    expect(upcomingEventsOf(page, '2027-01-01')).toEqual(['Walk-in']);
  });
});
