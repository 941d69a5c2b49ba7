import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launchChromium, startSite, visit } from './harness';
import { distDir } from '../support/test-server';

let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ config: { captcha: 'off' } }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** The fonts the page has asked for so far, by file name. */
function fontRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') requested.push(request.url().split('/').pop() ?? '');
  });
  return requested;
}

describe('pages in the languages of India', () => {
  it('shows the Gujarati page in Noto Sans Gujarati, and fetches no font of another script', async () => {
    const { page, context, problems } = await visit(browser, site.url, { width: 390, height: 844 });
    const fonts = fontRequests(page);
    await page.goto('/gu/franchise/surat');
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.evaluate(() => document.fonts.ready);
    // Downloaded only where the device has no Noto Sans Gujarati of its own (this machine has: fonts-noto-core).
    expect(fonts.filter((file) => !file.startsWith('noto-sans-gujarati-gujarati-'))).toEqual([]);
    const heading = page.locator('h1');
    await expect(heading.innerText()).resolves.toMatch(/[\u0A80-\u0AFF]/);
    expect(await page.evaluate(() => document.fonts.check('700 32px "HF Noto Sans Gujarati"', 'સુરત'))).toBe(true);
    expect(await heading.evaluate((h) => getComputedStyle(h).fontFamily)).toMatch(/^"HF Noto Sans Gujarati"/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each(['/', '/franchise/surat'])('%s, in English, loads no font of an Indian script, its switcher named in them', async (path) => {
    const { page, context } = await visit(browser, site.url);
    const fonts = fontRequests(page);
    await page.goto(path);
    await hydrated(page);
    await page.evaluate(() => document.fonts.ready);
    await page.locator('.language-switcher').getByText('हिन्दी').waitFor();
    expect(fonts.filter((file) => file.startsWith('noto-sans-'))).toEqual([]);
    await context.close();
  });

  it('switches language by plain links that keep the page, remembers the choice, and never moves a visitor by itself', async () => {
    const { page, context, problems } = await visit(browser, site.url, { width: 390, height: 844 });
    await page.goto('/franchise/surat');
    const switcher = page.getByRole('navigation', { name: 'Language' });
    await expect(switcher.getByText('English').getAttribute('aria-current')).resolves.toBe('page');
    await switcher.getByRole('link', { name: 'ગુજરાતી' }).click();
    await page.waitForURL(`${site.url}/gu/franchise/surat`);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('gu-IN');
    expect((await context.cookies()).find((c) => c.name === 'hf_locale')?.value).toBe('gu');

    // The English page stays English, offering Gujarati first.
    const english = await page.goto('/franchise/surat');
    expect(english?.status()).toBe(200);
    expect(page.url()).toBe(`${site.url}/franchise/surat`);
    await page.getByRole('link', { name: 'આ પેજ ગુજરાતીમાં વાંચો' }).waitFor();
    await expect(page.locator('h1').innerText()).resolves.toMatch(/^Jobs, Campus Hiring/);

    // Back to English from the Hindi home: chosen, it stops the offer.
    await page.goto('/hi/');
    await page.getByRole('navigation', { name: 'भाषा' }).getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${site.url}/`);
    await page.goto('/franchise/surat');
    await expect(page.locator('.language-offer').count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keeps the catalogue's formatter out of the browser's code", () => {
    const assets = join(distDir, 'client/assets');
    const withFormatter = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .filter((file) => readFileSync(join(assets, file), 'utf8').includes('IntlMessageFormat'));
    expect(withFormatter).toEqual([]);
  });
});
