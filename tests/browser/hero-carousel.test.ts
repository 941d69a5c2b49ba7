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

describe('the hero carousel', () => {
  const trackStyle = (page: Page) =>
    page.locator('.hero-carousel .hero-track').evaluate((track) => {
      const s = getComputedStyle(track);
      return { property: s.transitionProperty, duration: s.transitionDuration, x: new DOMMatrix(s.transform).m41 };
    });

  it('slides in 600 ms and moves on by itself', async () => {
    const { page, context, problems } = await visit(browser, site.url, { width: 1366, height: 800 });
    await page.goto('/');
    await hydrated(page);
    const rest = await trackStyle(page);
    expect(rest).toMatchObject({ property: 'transform', duration: '0.6s' });
    await page.getByRole('button', { name: 'Next slide' }).click();
    await page.waitForTimeout(250);
    const moving = await trackStyle(page);
    await page.waitForTimeout(600);
    const arrived = await trackStyle(page);
    // Part of the way after 250 ms, one slide further after 850 ms.
    expect(moving.x).toBeLessThan(rest.x - 50);
    expect(moving.x).toBeGreaterThan(arrived.x + 50);
    expect(Math.round(rest.x - arrived.x)).toBe(await page.locator('.hero-carousel').evaluate((s) => Math.round(s.clientWidth)));
    await expect(page.getByRole('group', { name: '2 of 3' }).getByRole('heading').textContent()).resolves.toBeTruthy();
    // Left alone (the pointer away from it), it moves on by itself.
    await page.mouse.move(683, 780);
    await page.locator('body').click({ position: { x: 683, y: 780 } });
    await page.waitForFunction(() => document.querySelector('.hero-dots li:nth-child(3) button')?.hasAttribute('aria-current'), undefined, {
      timeout: 5000,
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('goes round from the last slide to the first, forwards', async () => {
    const { page, context } = await visit(browser, site.url, { width: 1366, height: 800 });
    await page.goto('/');
    await hydrated(page);
    const next = page.getByRole('button', { name: 'Next slide' });
    await page.getByRole('button', { name: 'Go to slide 3' }).click();
    await page.waitForTimeout(700);
    const before = (await trackStyle(page)).x;
    await next.click();
    await page.waitForTimeout(250);
    // Moving on, to the left, not back across the slides.
    expect((await trackStyle(page)).x).toBeLessThan(before);
    await page.waitForFunction(() => document.querySelector('.hero-dots li:first-child button')?.hasAttribute('aria-current'));
    await page.waitForTimeout(800);
    await expect(page.getByRole('heading', { level: 1 }).isVisible()).resolves.toBe(true);
    await expect(trackStyle(page)).resolves.toMatchObject({ duration: '0.6s' });
    await context.close();
  });

  it('stands still, without a transition, for a visitor who asks for less motion', async () => {
    const context = await browser.newContext({ baseURL: site.url, viewport: { width: 1366, height: 800 }, reducedMotion: 'reduce' });
    await context.addInitScript(() => localStorage.setItem('investmentPopupShown', 'true'));
    const page = await context.newPage();
    await page.goto('/');
    await hydrated(page);
    const rest = await trackStyle(page);
    expect(rest.property === 'none' || rest.duration === '0s').toBe(true);
    await page.waitForTimeout(3500);
    expect((await trackStyle(page)).x).toBe(rest.x);
    // Its buttons still turn it, at once.
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(page.getByRole('button', { name: 'Go to slide 2' }).getAttribute('aria-current')).resolves.toBe('true');
    expect((await trackStyle(page)).x).toBeLessThan(rest.x);
    await context.close();
  });
});
