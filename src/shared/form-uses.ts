import type { FormUse, PageDocument } from './generated/page-document.ts';
import { isUpcoming } from './hiring-events.ts';
import { indiaDateOf } from './india-time.ts';

/** Forms that site overlays open on any page: the contact popup and the franchise application. */
export const siteWideForms = ['contact', 'franchise-apply'] as const;

/** Every form a page shows inline, with the values it fixes and the fields it hides. */
export function formUsesOf(page: Pick<PageDocument, 'blocks'>): FormUse[] {
  const uses: FormUse[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const o = value as Record<string, unknown>;
    if (typeof o.form === 'string' && !('type' in o)) uses.push(o as unknown as FormUse);
    if (o.type === 'newsletter') uses.push(newsletterUse(o as { city?: string }));
    Object.values(o).forEach(visit);
  };
  visit(page.blocks);
  return uses;
}

/** The newsletter box subscribes with the page's city, if it names one. */
export function newsletterUse(block: { city?: string }): FormUse {
  return { form: 'newsletter', fixed: block.city ? { city: block.city } : undefined, hidden: ['city'] };
}

/** The events a page lists that are upcoming today in India, each with its date (none for one that repeats). */
export function upcomingEventListOf(
  page: Pick<PageDocument, 'blocks'>,
  today = indiaDateOf(new Date()),
): { title: string; date?: string }[] {
  return page.blocks.flatMap((b) =>
    b.type === 'events' ? b.events.filter((e) => isUpcoming(e, today)).map(({ title, date }) => ({ title, date })) : [],
  );
}

/** Titles of the events a page lists that are upcoming today in India: the events a visitor can register for there. */
export function upcomingEventsOf(page: Pick<PageDocument, 'blocks'>, today = indiaDateOf(new Date())): string[] {
  return upcomingEventListOf(page, today).map((event) => event.title);
}
