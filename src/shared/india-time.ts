/**
 * Dates and times as people in India read them, in India's time zone wherever the code runs (a browser abroad, a
 * server on UTC). The one place the portal, the site and the server format a date for people.
 */
const TIME_ZONE = 'Asia/Kolkata';

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});
const date = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: TIME_ZONE });
/** A day as a page in a language writes it (hi-IN: 12 दिस॰ 2026), by the language's tag, made once each. */
const dayFormats = new Map<string, { short: Intl.DateTimeFormat; long: Intl.DateTimeFormat }>();
function dayFormat(tag: string) {
  let formats = dayFormats.get(tag);
  if (!formats) {
    const options = { day: 'numeric', year: 'numeric', timeZone: TIME_ZONE } as const;
    formats = {
      short: new Intl.DateTimeFormat(tag, { ...options, month: 'short' }),
      long: new Intl.DateTimeFormat(tag, { ...options, month: 'long' }),
    };
    dayFormats.set(tag, formats);
  }
  return formats;
}
// en-CA writes dates as YYYY-MM-DD.
const isoDate = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: TIME_ZONE });

/** An instant with its time: 21 Nov 2026, 9:05 am. */
export function formatDateTime(value: string | Date): string {
  return dateTime.format(new Date(value));
}

/** India's offset from UTC: the same all year (no daylight saving). */
const INDIA_OFFSET_MS = 330 * 60_000;

/** An instant in India's time with its offset, for files people sort and read (the CSV export): 2026-11-27 14:05:09 +05:30. */
export function indiaTimestamp(value: string | Date): string {
  const shifted = new Date(new Date(value).getTime() + INDIA_OFFSET_MS).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 19)} +05:30`;
}

/** An instant's day in India: 21 Nov 2026. */
export function formatDate(value: string | Date): string {
  return date.format(new Date(value));
}

/** A calendar day, YYYY-MM-DD (a last date to apply): 31 May 2026; in a page's language by its tag (hi-IN). */
export function formatDay(day: string, tag = 'en-IN'): string {
  return dayFormat(tag).short.format(new Date(`${day}T00:00:00+05:30`));
}

/** A calendar day, YYYY-MM-DD, in running text (a page's last update, an offer's last day): 31 December 2026. */
export function formatDayLong(day: string, tag = 'en-IN'): string {
  return dayFormat(tag).long.format(new Date(`${day}T00:00:00+05:30`));
}

/** Whether a calendar day, YYYY-MM-DD, has ended in India. */
export function dayHasEnded(day: string, now = Date.now()): boolean {
  return now > new Date(`${day}T23:59:59+05:30`).getTime();
}

/** When a calendar day, YYYY-MM-DD, ends in India: midnight at the start of the next. */
export function endOfDay(day: string): Date {
  return new Date(new Date(`${day}T00:00:00+05:30`).getTime() + 86_400_000);
}

/** The day in India an instant falls on, YYYY-MM-DD. */
export function indiaDateOf(value: string | Date): string {
  return isoDate.format(new Date(value));
}

/** Today in India, YYYY-MM-DD, plus some days. */
export function indiaDatePlus(days: number, now = new Date()): string {
  const d = new Date(`${indiaDateOf(now)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const IST_OFFSET_MS = 5.5 * 3_600_000;

/** An instant as a datetime-local input shows it in India: YYYY-MM-DDTHH:mm. */
export function indiaDateTimeInput(value: string | Date): string {
  return new Date(new Date(value).getTime() + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** What a datetime-local input holds (YYYY-MM-DDTHH:mm), read as India's time whatever the browser's zone. */
export function fromIndiaDateTimeInput(value: string): string {
  return new Date(`${value}:00+05:30`).toISOString();
}

/** The time of day in India an instant falls on, HH:mm (24-hour). */
export function indiaTimeOfDay(value: string | Date): string {
  return indiaDateTimeInput(value).slice(11);
}
