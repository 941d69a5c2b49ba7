import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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

describe('the franchise investment table', () => {
  const shade = (page: Page, side: 'before' | 'after') =>
    page.locator('.investment-table .scroll-frame').evaluate((frame, s) => Number(getComputedStyle(frame, `::${s}`).opacity), side);

  it('says it scrolls sideways on a phone, shades the side with more columns, and scrolls from the keyboard', async () => {
    const { page, context } = await visit(browser, site.url, { width: 390, height: 844 });
    await page.goto('/franchise');
    await hydrated(page);
    const table = page.getByRole('region', { name: /investment/i });
    await table.scrollIntoViewIfNeeded();
    await page.locator('.investment-table').getByText('Scroll sideways to see all columns').waitFor();
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('.investment-table .scroll-frame')!, '::after').opacity === '1',
    );
    expect(await shade(page, 'before')).toBe(0);
    const lastHeader = table.locator('thead th').last();
    const inView = () =>
      Promise.all([table.boundingBox(), lastHeader.boundingBox()]).then(([box, th]) => th!.x + th!.width <= box!.x + box!.width + 1);
    expect(await inView()).toBe(false);
    await table.focus();
    for (let i = 0; i < 30 && !(await inView()); i++) await page.keyboard.press('ArrowRight');
    expect(await inView()).toBe(true);
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('.investment-table .scroll-frame')!, '::after').opacity === '0',
    );
    expect(await shade(page, 'before')).toBe(1);
    await context.close();
  });

  it("is a tab stop from the server's HTML, before any script has run, and scrolls from the keyboard", async () => {
    const html = await (await fetch(`${site.url}/franchise`)).text();
    expect(html).toMatch(/<div class="table-scroll" role="region" aria-label="[^"]*[Ii]nvestment[^"]*" tabindex="0">/);
    // The page as the server sends it, no script at all: the visitor has done nothing and no island has hydrated.
    const context = await browser.newContext({ baseURL: site.url, viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/franchise');
    const table = page.getByRole('region', { name: /investment/i });
    const onTable = () => table.evaluate((el) => el === document.activeElement);
    let presses = 0;
    for (; presses < 150 && !(await onTable()); presses++) await page.keyboard.press('Tab');
    expect(await onTable(), `not reached in ${presses} presses of Tab`).toBe(true);
    const scrolled = () => table.evaluate((el) => el.scrollLeft);
    expect(await scrolled()).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(scrolled).toBeGreaterThan(0);
    await context.close();
  });

  it('shows no cue where the whole table fits', async () => {
    const { page, context } = await visit(browser, site.url, { width: 1366, height: 800 });
    await page.goto('/franchise');
    await hydrated(page);
    await page.locator('.investment-table').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await expect(page.locator('.investment-table').getByText('Scroll sideways to see all columns').isVisible()).resolves.toBe(false);
    expect([await shade(page, 'before'), await shade(page, 'after')]).toEqual([0, 0]);
    await context.close();
  });
});
