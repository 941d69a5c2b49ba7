import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hydrated, launchChromium, startSite, visit } from './harness';

let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** A visit whose browser clock reads the given instant: a page served before or after a date. */
async function visitOn(instant: string, options: Parameters<typeof visit>[2] = {}) {
  const v = await visit(browser, site.url, options);
  await v.page.clock.setFixedTime(new Date(instant));
  return v;
}

/** The day in India the build rendered a page's dated blocks on, from the HTML the server sends. */
async function renderedOn(route: string) {
  const html = await (await fetch(new URL(route, site.url))).text();
  const day = /data-rendered-on="(\d{4}-\d{2}-\d{2})"/.exec(html)?.[1];
  expect(day, `${route} carries the day it was rendered on`).toBeDefined();
  return { html, day: day ?? '' };
}

describe('the franchise launch offer (last day 31 August 2025)', () => {
  it('is rendered closed, with no Apply Now, by a build after its last day', async () => {
    const { html, day } = await renderedOn('/franchise');
    expect(day > '2025-08-31').toBe(true);
    const offer = /<section id="offer"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
    expect(offer).toContain('This offer closed on 31 August 2025.');
    expect(offer).not.toContain('Apply Now');
  });

  it('shows no button to a visitor after its last day', async () => {
    const { page, context, problems } = await visitOn('2025-09-01T00:30:00+05:30');
    await page.goto('/franchise');
    await hydrated(page);
    const offer = page.locator('#offer');
    await expect(offer.getByText('This offer closed on 31 August 2025.').isVisible()).resolves.toBe(true);
    await expect(offer.getByRole('button').count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is offered again by the browser on its last day, in India, though the page was built after it', async () => {
    // 23:30 on 31 August in India is still 18:00 UTC that day.
    const { page, context, problems } = await visitOn('2025-08-31T23:30:00+05:30');
    await page.goto('/franchise');
    await hydrated(page);
    const offer = page.locator('#offer');
    // The block checks the date once the visitor comes near it.
    await offer.scrollIntoViewIfNeeded();
    await offer.getByRole('button', { name: /^Apply Now/ }).waitFor();
    await expect(offer.getByText('Offer valid till 31 August 2025.').isVisible()).resolves.toBe(true);
    // The browser re-decided after hydrating, with no mismatch between the server's markup and its first render.
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('events', () => {
  const statuses = (page: import('playwright-core').Page) =>
    page.locator('.event-card').evaluateAll((cards) =>
      cards.map((card) => ({
        title: card.querySelector('h3')?.textContent,
        status: card.querySelector('.event-tags .badge:last-child')?.textContent,
        button: card.querySelector('button')?.textContent ?? null,
      })),
    );

  it('are rendered Coming Soon or Completed from their dates on the day of the build', async () => {
    const { html, day } = await renderedOn('/franchise/hyderabad');
    const dates = [...html.matchAll(/<time dateTime="(\d{4}-\d{2}-\d{2})">/gi)].map((m) => m[1] ?? '');
    const badges = [...html.matchAll(/badge (?:badge-upcoming|badge-muted)">([^<]+)</g)].map((m) => m[1]);
    expect(dates).toHaveLength(2);
    expect(badges).toEqual(dates.map((d) => (d >= day ? 'Coming Soon' : 'Completed')));
    // The campus drive of 7 March 2026 is over for any build from now on.
    expect(badges[1]).toBe('Completed');
  });

  it('turn Completed in the browser once their day has ended, and a repeating walk-in stays open', async () => {
    const { page, context, problems } = await visitOn('2100-01-01T10:00:00+05:30');
    await page.goto('/franchise/surat');
    await hydrated(page);
    await page.locator('.event-card').first().scrollIntoViewIfNeeded();
    await page.locator('.event-card').first().getByText('Completed').waitFor();
    expect(await statuses(page)).toEqual([
      { title: 'Surat Job Fair', status: 'Completed', button: null },
      { title: 'Pool Campus Drive for the 2027 Batch', status: 'Completed', button: null },
      { title: 'Saturday Walk-in Drive', status: 'Coming Soon', button: 'Register for Event for Saturday Walk-in Drive' },
    ]);
    await expect(page.getByText('This event has taken place.').count()).resolves.toBe(2);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('are upcoming to a browser whose date is before them, whatever the build said', async () => {
    const { page, context, problems } = await visitOn('2026-01-15T10:00:00+05:30');
    await page.goto('/franchise/hyderabad');
    await hydrated(page);
    await page.locator('.event-card').first().scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Register for Event for Pool Campus Drive for the 2026 Batch' }).waitFor();
    expect((await statuses(page)).map((e) => e.status)).toEqual(['Coming Soon', 'Coming Soon']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('on the Chennai page read Register Now, as the spec words it, each naming its event to screen readers', async () => {
    const { page, context } = await visitOn('2026-01-15T10:00:00+05:30');
    await page.goto('/franchise/chennai');
    await hydrated(page);
    const buttons = page.locator('#events').getByRole('button');
    // What shows on each button (the screen-reader words are clipped out of sight), then its whole name.
    const shown = buttons.evaluateAll((bs) =>
      bs.map((b) => {
        const copy = b.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('.visually-hidden').forEach((s) => s.remove());
        return copy.textContent;
      }),
    );
    await expect(shown).resolves.toEqual(['Register Now', 'Register Now']);
    await expect(
      page.locator('#events .visually-hidden').evaluateAll((spans) => spans.map((s) => s.getBoundingClientRect().width)),
    ).resolves.toEqual([1, 1]);
    await expect(buttons.evaluateAll((bs) => bs.map((b) => b.textContent))).resolves.toEqual([
      'Register Now for Chennai Job Fair: IT, Automobile and Manufacturing',
      'Register Now for Pool Campus Drive for Engineering Graduates',
    ]);
    await buttons.first().click();
    await page.getByRole('dialog', { name: 'Register for the event' }).waitFor();
    await context.close();
  });
});
