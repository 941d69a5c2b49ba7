import type { OfficeHours } from '../../shared/generated/page-document';

const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
type Day = (typeof week)[number];

/** A schema.org OpeningHoursSpecification: days and 24-hour times. */
export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek: Day[];
  opens: string;
  closes: string;
}

const isDay = (name: string): name is Day => (week as readonly string[]).includes(name);

/** Monday-Friday as the days it covers; undefined for anything else. */
function daysOf(text: string): Day[] | undefined {
  const [from = '', to = from] = text.split('-').map((part) => part.trim());
  if (!isDay(from) || !isDay(to)) return undefined;
  const start = week.indexOf(from);
  const end = week.indexOf(to);
  return end < start ? undefined : week.slice(start, end + 1);
}

/** 9:30 AM as 09:30; undefined for anything else. */
function time24(text: string): string | undefined {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(text.trim());
  if (!match) return undefined;
  const [, h = '', m = '', half] = match;
  const hour = (Number(h) % 12) + (half === 'PM' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${m}`;
}

/**
 * Office hours as the page shows them (Monday-Friday, 9:30 AM-6:30 PM) in the form search engines read. Closed days
 * are left out, as schema.org reads them. The schema holds the text to the pattern parsed here; a line that still
 * does not parse is left out rather than guessed at.
 */
export function openingHours(hours: OfficeHours): OpeningHoursSpecification[] {
  return hours.flatMap(({ days, hours: span }) => {
    const dayOfWeek = daysOf(days);
    const [opens, closes] = span.split('-').map(time24);
    if (!dayOfWeek || !opens || !closes) return [];
    return [{ '@type': 'OpeningHoursSpecification' as const, dayOfWeek, opens, closes }];
  });
}
