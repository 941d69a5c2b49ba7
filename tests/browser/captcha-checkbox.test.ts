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

/** WCAG relative luminance contrast of two rgb() colours. */
function contrast(a: string, b: string) {
  const luminance = (color: string) => {
    const [r = 0, g = 0, bl = 0] = (color.match(/[\d.]+/g) ?? []).map(Number).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

describe('the captcha checkbox', () => {
  it.each([390, 1366])('is a visible, labelled checkbox before it is ticked (%i px)', async (width) => {
    const { page, context, problems } = await visit(browser, site.url, { width });
    await page.goto('/franchise/surat');
    await hydrated(page);
    // The form's code (captcha included) loads as the form comes near the viewport, as a visitor scrolls to it.
    const form = page.locator('form.form-city-lead');
    await form.scrollIntoViewIfNeeded();
    const checkbox = form.getByRole('checkbox', { name: "I'm not a robot" });
    await checkbox.waitFor();
    await checkbox.scrollIntoViewIfNeeded();
    const look = await checkbox.evaluate((box) => {
      const s = getComputedStyle(box);
      return {
        width: parseFloat(s.borderTopWidth),
        style: s.borderTopStyle,
        color: s.borderTopColor,
        checked: (box as HTMLInputElement).checked,
      };
    });
    expect(look.checked).toBe(false);
    expect(look.style).toBe('solid');
    expect(look.width).toBeGreaterThanOrEqual(1);
    // A control's edge needs 3:1 against the white card it sits on.
    expect(contrast(look.color, 'rgb(255, 255, 255)')).toBeGreaterThanOrEqual(3);
    const box = await checkbox.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(16);
    expect(problems).toEqual([]);
    await context.close();
  });
});
