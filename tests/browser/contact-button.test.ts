import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launchChromium, startSite, visit } from './harness';
import { first } from '../support/present';

let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** The Contact Us button's box, the strip the page keeps free at the foot of the screen, and the viewport height. */
function contactLayout(page: Page) {
  return page.evaluate(() => {
    const button = document.querySelector('.sticky-contact')!.getBoundingClientRect();
    const reserved = parseFloat(getComputedStyle(document.body).paddingBottom);
    const dock = getComputedStyle(document.body, '::after');
    return {
      button: { left: button.left, right: button.right, top: button.top, bottom: button.bottom },
      reserved,
      dockPainted: dock.content !== 'none' && dock.backgroundColor === 'rgb(255, 255, 255)' && parseFloat(dock.height) >= reserved,
      height: innerHeight,
      scrollPadding: parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom) || 0,
    };
  });
}

/** Content under the Contact Us button at the present scroll position, outside the strip the page keeps free. */
function contentUnderButton(page: Page) {
  return page.evaluate(() => {
    const button = document.querySelector('.sticky-contact')!.getBoundingClientRect();
    const free = innerHeight - parseFloat(getComputedStyle(document.body).paddingBottom);
    const selector = 'a, button, input, select, textarea, label, h1, h2, h3, h4, p, li, dt, dd, th, td, img, summary';
    const hits: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.closest('.sticky-contact, .go-to-top, .site-header, dialog, .tagline-strip, .visually-hidden')) continue;
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
      // A picture across the whole screen is a backdrop (the home carousel's, behind its copy), not content.
      if (el.tagName === 'IMG' && r.width >= document.documentElement.clientWidth - 1) continue;
      // What shows of it: inside every box above it that clips (a carousel's row, a scrolling table).
      let [left, right, top, bottom] = [r.left, r.right, r.top, Math.min(r.bottom, free)];
      for (let box = el.parentElement; box; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const c = box.getBoundingClientRect();
        [left, right, top, bottom] = [Math.max(left, c.left), Math.min(right, c.right), Math.max(top, c.top), Math.min(bottom, c.bottom)];
      }
      if (left < button.right && right > button.left && top < button.bottom && bottom > button.top) {
        hits.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
      }
    }
    return hits;
  });
}

describe('the Contact Us button', () => {
  it('leaves both hero buttons of /franchise/surat in full view at 1366 x 800', async () => {
    const { page, context } = await visit(browser, site.url, { width: 1366, height: 800 });
    await page.goto('/franchise/surat');
    await hydrated(page);
    for (const name of ['Register Now', 'Upcoming Events']) {
      const link = page.locator('.hero').getByRole('link', { name });
      const box = (await link.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(800);
      // What a click anywhere across the button reaches is the button.
      const middle = box.y + box.height / 2;
      for (const [x, y] of [
        [box.x + 8, middle],
        [box.x + box.width / 2, middle],
        [box.x + box.width - 8, middle],
        [box.x + box.width / 2, box.y + box.height - 3],
      ]) {
        expect(await page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.closest('a')?.textContent, [x, y])).toContain(name);
      }
    }
    await context.close();
  });

  it.each([
    [390, 844],
    [800, 1024],
    [1366, 800],
    [1920, 1080],
  ])('never lies over content while a %i x %i screen scrolls', async (width, height) => {
    const { page, context } = await visit(browser, site.url, { width, height });
    for (const route of ['/', '/franchise/surat', '/franchise', '/franchise/chennai']) {
      await page.goto(route);
      await hydrated(page);
      const layout = await contactLayout(page);
      if (layout.reserved > 0) {
        // A dock: the button stands in a painted strip the page keeps free below its last line and below what a
        // visitor scrolls or tabs to.
        expect(layout.dockPainted).toBe(true);
        expect(layout.button.top).toBeGreaterThanOrEqual(layout.height - layout.reserved);
        expect(layout.scrollPadding).toBeGreaterThanOrEqual(layout.reserved);
      }
      const end = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
      for (let y = 0; y <= end + height / 2; y += Math.round(height * 0.6)) {
        await page.evaluate((top) => window.scrollTo(0, top), Math.min(y, end));
        await page.waitForTimeout(30);
        expect(await contentUnderButton(page), `${route} scrolled to ${Math.min(y, end)}`).toEqual([]);
      }
    }
    await context.close();
  });

  it('lets a keyboard visitor of a phone see every control it tabs to above the dock', async () => {
    const { page, context } = await visit(browser, site.url, { width: 390, height: 844 });
    await page.goto('/franchise/surat');
    await hydrated(page);
    const { height, reserved } = await contactLayout(page);
    expect(reserved).toBeGreaterThan(0);
    const hidden: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(async () => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el.closest('.sticky-contact, .go-to-top, .site-header')) return undefined;
        // Where the visitor sees it: once the page has stopped moving (the scroll to the focus, an island hydrating
        // on it), i.e. the same place two frames running.
        let bottom = el.getBoundingClientRect().bottom;
        for (let frame = 0; frame < 60; frame++) {
          await new Promise(requestAnimationFrame);
          const now = el.getBoundingClientRect().bottom;
          if (now === bottom) break;
          bottom = now;
        }
        return { name: (el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 40), bottom };
      });
      if (focused && focused.bottom > height - reserved + 1) hidden.push(focused.name);
    }
    expect(hidden).toEqual([]);
    await context.close();
  });

  it('on a phone, a refused field brought into view by focus shows its error above the dock', async () => {
    const { page, context } = await visit(browser, site.url, { width: 390, height: 844 });
    await page.goto('/it-recruitment');
    await hydrated(page);
    const form = page.locator('form.form-consultation');
    await form.getByLabel(/^Full Name/).fill('Asha Rao');
    await form.getByLabel(/^Email/).fill('asha@example.com');
    const phone = form.getByLabel(/^Contact Number/);
    await phone.fill('98765');
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByRole('link', { name: 'Enter a valid phone number' }).waitFor();
    const errorId = first(
      ((await phone.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('__error')),
      'the error id',
    );
    // The field half under the dock, then focused as the error summary's link focuses it, and scrolled in as Safari
    // and Firefox scroll a focused control: only as far as it must go (Chromium would centre it).
    const { height, reserved } = await contactLayout(page);
    if (process.env.NOMARGIN)
      await page.addStyleTag({ content: '.rjsf [aria-invalid], .has-error .form-control { scroll-margin-bottom: 0 !important }' });
    await phone.evaluate((input, dockTop) => {
      scrollBy({ top: input.getBoundingClientRect().top - dockTop + 10, behavior: 'instant' });
      input.focus({ preventScroll: true });
      input.scrollIntoView({ block: 'nearest', behavior: 'instant' });
    }, height - reserved);
    await page.waitForTimeout(300);
    const error = await page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().bottom, errorId);
    expect(await page.locator(`#${errorId}`).textContent()).toContain('Enter a valid phone number');
    expect(error).toBeLessThanOrEqual(height - reserved);
    await context.close();
  });
});
