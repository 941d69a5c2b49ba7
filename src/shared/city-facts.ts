import type { Block, PageDocument } from './generated/page-document';

type City = NonNullable<PageDocument['city']>;

/** What a city page's contact cards show of its city: the office, how to reach it, when it is open. */
function contactOf(city: City) {
  const facts = {
    address: city.office,
    officeHours: city.officeHours,
    walkIn: city.walkIn,
    phone: city.phone,
    whatsapp: city.whatsapp,
    email: city.email,
    mapLink: city.mapLink,
    jobsIn: city.name,
  };
  return Object.fromEntries(Object.entries(facts).filter(([, value]) => value !== undefined));
}

/**
 * A city page shows its city's facts: its contact cards take the city office's address, hours, walk-in, phone, WhatsApp,
 * e-mail and map link (the site's phone and e-mail where the city has none), and link to the city's jobs, each unless
 * the cards give their own. Applied wherever a page is rendered, after its migration and before its placeholders are filled.
 */
export function withCityFacts<T extends Pick<PageDocument, 'city' | 'blocks'>>(page: T): T {
  if (!page.city || !Array.isArray(page.blocks)) return page;
  const contact = contactOf(page.city);
  if (!Object.keys(contact).length) return page;
  const blocks = page.blocks.map((block): Block => (block.type === 'contact-cards' ? { ...contact, ...block } : block));
  return { ...page, blocks };
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const weekdayNames = new Map<string, string[]>();

/**
 * An office's days (`Monday-Friday`, as its facts write them: data, the same in every language) as a page in a
 * language writes them, by the language's tag: सोमवार-शुक्रवार on a Hindi page.
 */
export function daysIn(days: string, tag: string): string {
  if (tag === 'en-IN') return days;
  let names = weekdayNames.get(tag);
  if (!names) {
    const format = new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' });
    // 30 November 2026 is a Monday.
    names = WEEKDAYS.map((_, i) => format.format(new Date(Date.UTC(2026, 10, 30 + i))));
    weekdayNames.set(tag, names);
  }
  const named = names;
  return days.replace(/Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday/g, (day) => named[WEEKDAYS.indexOf(day)] ?? day);
}
