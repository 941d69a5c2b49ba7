import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { openingHours } from '../../src/blocks/contact-cards/opening-hours';
import { JsonLd } from '../../src/blocks/shared/structured-data';

describe('JSON-LD', () => {
  it('keeps any text inside its script element and reads back as written', () => {
    const name = 'Hireframe </script><script>alert(1)</script> <!-- & \u2028';
    const html = renderToString(<JsonLd data={{ '@type': 'Organization', name } as { '@type': string }} />);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script type="application\/ld\+json">(.*)<\/script>/s.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ '@context': 'https://schema.org', '@type': 'Organization', name });
  });
});

describe('office hours as search engines read them', () => {
  it('turns the hours the page shows into days and 24-hour times, leaving closed days out', () => {
    expect(
      openingHours([
        { days: 'Monday - Friday', hours: '9:30 AM - 6:30 PM' },
        { days: 'Saturday', hours: '12:00 PM-4:00 PM' },
        { days: 'Sunday', hours: 'Closed' },
      ]),
    ).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:30',
        closes: '18:30',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '12:00', closes: '16:00' },
    ]);
  });

  it('leaves out a line it cannot read rather than guess', () => {
    expect(openingHours([{ days: 'Friday-Monday', hours: '9:00 AM-5:00 PM' }])).toEqual([]);
    expect(openingHours([{ days: 'Weekdays', hours: '9:00 AM-5:00 PM' }])).toEqual([]);
  });
});
