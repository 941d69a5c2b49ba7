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

describe('FAQ accordion', () => {
  it('keeps at most one answer open; clicking the open question closes it', async () => {
    const { page, context } = await visit(browser, site.url);
    await page.goto('/franchise');
    await hydrated(page);
    const questions = page.locator('.faq .accordion-item > h3 > button');
    await expect(questions.count()).resolves.toBe(5);
    const expanded = () => questions.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-expanded')));
    await questions.nth(0).click();
    expect(await expanded()).toEqual(['true', 'false', 'false', 'false', 'false']);
    await expect(page.locator('.faq .accordion-panel').nth(0).isVisible()).resolves.toBe(true);
    await questions.nth(2).click();
    expect(await expanded()).toEqual(['false', 'false', 'true', 'false', 'false']);
    await questions.nth(2).click();
    expect(await expanded()).toEqual(['false', 'false', 'false', 'false', 'false']);
    await context.close();
  });

  it('works from the keyboard', async () => {
    const { page, context } = await visit(browser, site.url);
    await page.goto('/franchise');
    await hydrated(page);
    const questions = page.locator('.faq .accordion-item > h3 > button');
    await questions.nth(0).focus();
    await page.keyboard.press('Enter');
    await expect(questions.nth(0).getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press(' ');
    await expect(questions.nth(1).getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(questions.nth(0).getAttribute('aria-expanded')).resolves.toBe('false');
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(await questions.nth(4).getAttribute('id'));
    await context.close();
  });
});

describe('logo carousel', () => {
  it.each([
    [390, 1],
    [800, 3],
    [1366, 8],
  ])('shows %i px wide screens %i logos at a time', async (width, items) => {
    const { page, context } = await visit(browser, site.url, { width });
    await page.goto('/clientele');
    await hydrated(page);
    const carousel = page.locator('.logo-carousel');
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.getByRole('heading', { name: 'OUR CLIENTS' }).count()).resolves.toBe(1);
    await expect(carousel.getByText('We go the extra mile for our customers!').count()).resolves.toBe(1);
    await page.waitForFunction((n) => document.querySelectorAll('.logo-carousel .react-multi-carousel-item--active').length === n, items);
    // Fifteen distinct client logos are in the carousel (infinite mode adds clones around them).
    const logos = new Set(await carousel.locator('img.client-logo').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src'))));
    expect(logos.size).toBe(15);
    await context.close();
  });
});

describe('buttons and forms', () => {
  it('scrolls to the anchor a hero button names', async () => {
    const { page, context } = await visit(browser, site.url);
    await page.goto('/franchise/visakhapatnam');
    await hydrated(page);
    await page.locator('.hero').getByRole('link', { name: 'Register Now' }).click();
    await page.waitForFunction(() => Math.abs(document.getElementById('register')!.getBoundingClientRect().top) < 120);
    await context.close();
  });

  it('opens the franchise application from the apply buttons and closes it', async () => {
    const { page, context } = await visit(browser, site.url);
    await page.goto('/franchise');
    await hydrated(page);
    await page.locator('.hero').getByRole('button', { name: /Apply/ }).first().click();
    const dialog = page.getByRole('dialog', { name: /Franchise/ });
    await dialog.getByLabel('City you want to operate in').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog.count()).resolves.toBe(0);
    await context.close();
  });

  it('hides the looking-for choice on /franchise', async () => {
    const { page, context } = await visit(browser, site.url);
    await page.goto('/franchise');
    await hydrated(page);
    await expect(page.locator('.hero').getByText('Looking For Job').count()).resolves.toBe(0);
    await context.close();
  });

  it('keeps digits only in the Surat lead phone and shows +91 XXXXX XXXXX', async () => {
    const { page, context } = await visit(browser, site.url);
    await page.goto('/franchise/surat');
    const form = page.locator('form.form-city-lead');
    // The form hydrates as it comes near the viewport; typing before that is islands.test.ts's matter.
    await form.scrollIntoViewIfNeeded();
    await hydrated(page);
    const phone = form.getByLabel(/^Phone/);
    await phone.pressSequentially('98a765-43210');
    await expect(phone.inputValue()).resolves.toBe('+91 98765 43210');
    // Type defaults to student.
    await expect(form.getByLabel(/^I am a/).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).resolves.toBe(
      'Student / Job Seeker',
    );
    await expect(form.getByLabel(/^City/).inputValue()).resolves.toBe('Surat');
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please fill all required fields').first().waitFor();
    await context.close();
  });

  it('labels event buttons by category and shows upcoming events as Coming Soon', async () => {
    const { page, context } = await visit(browser, site.url);
    // A day before the page's events, so they are upcoming whenever the test runs.
    await page.clock.setFixedTime(new Date('2026-01-15T10:00:00+05:30'));
    await page.goto('/franchise/visakhapatnam');
    await hydrated(page);
    const cards = page.locator('.event-card');
    const texts = await cards.allTextContents();
    for (const text of texts) {
      if (!text.includes('Coming Soon')) continue;
      expect(text).toContain(text.startsWith('Workshop') ? 'Register for Workshop' : 'Register for Event');
    }
    await cards
      .getByRole('button', { name: /Register for/ })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Register for the event' }).waitFor();
    await context.close();
  });
});
