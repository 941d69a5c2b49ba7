import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUser } from '../../src/server/users/store';
import { closePortalSite, hydrated, makeNewCity, PUNE, signIn, type Site, startPortalSite, visit } from './harness';

let site: Site;
let browser: Browser;
const password = 'correct horse battery';

beforeAll(async () => {
  ({ site, browser } = await startPortalSite());
  await createUser(site.db, { username: 'asha.marketing', password, role: 'MARKETING', fullName: 'Asha Menon' });
}, 60_000);
afterAll(() => closePortalSite({ site, browser }));

/** What a developer would write and marketing staff should never read: keys, type names, files, patterns. */
const DEVELOPER_WORDS =
  /\b(scrollTo|href|callLink|mailto|localBusiness|imagePosition|buttonLabel|HeroBlock|FormUse|PageMeta)\b|pages\/|\.json\b|\^|\$\)|\[0-9\]/;

const widthOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('marketing staff add a city from its facts alone', () => {
  it('makes Pune on a 320 px screen, reads no key, file name or pattern in the editor, and publishes it', async () => {
    const { page, context } = await visit(browser, site.url, { width: 320, height: 800 });
    await signIn(context, site.url, 'asha.marketing', password);
    await page.goto('/admin/pages');
    await hydrated(page);
    await page.getByRole('heading', { name: 'New city' }).waitFor();
    expect(await widthOf(page)).toBeLessThanOrEqual(320);

    await makeNewCity(page, PUNE);
    await page.getByRole('button', { name: /^1\. Hero: Jobs, Campus Hiring and Skilled Talent in Pune/ }).waitFor();
    expect(await widthOf(page)).toBeLessThanOrEqual(320);

    // Every part of the page opened in turn: what it says is in marketing words.
    const read: string[] = [await page.locator('main').innerText()];
    for (const part of ['Title and description (meta tags)', 'City facts (office, phone, hours)']) {
      await page.getByRole('button', { name: part }).click();
      read.push(await page.locator('main').innerText());
    }
    const titles = await page.locator('.page-block-title').allInnerTexts();
    for (const [i, title] of titles.entries()) {
      if (i > 0) await page.locator('.page-block-title').nth(i).click();
      read.push(await page.locator('main').innerText());
      expect(title).not.toMatch(/\{brand\}|^\d+\. [a-z]/);
    }
    const words = read.join('\n');
    expect(words).toContain('Scroll to a section');
    expect(words.match(DEVELOPER_WORDS)?.[0]).toBeUndefined();

    // Its sections are the layout's, each in the layout's words until worded for Pune, and named by their buttons.
    const about = page.getByRole('region', { name: /^Section 2\. Image and text: About Hireframe Pune/ });
    await about.getByText("The layout's words").waitFor();
    await page.getByRole('button', { name: 'Leave Image and text out of this page' }).click();
    await about.getByText('Left out of this page').waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await about.getByText("The layout's words").waitFor();
    await page
      .getByRole('region', { name: /^Section 6\. Steps/ })
      .getByText(/^Locked/)
      .waitFor();

    // A heading left empty is asked for at its field, in words.
    await page.getByRole('button', { name: /^1\. Hero/ }).click();
    await page.locator('#section-0_heading').fill('');
    await page.getByText('Fill this in: the page needs it.').first().waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.locator('#section-0_heading').inputValue()).toBe('Jobs, Campus Hiring and Skilled Talent in Pune');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published: /franchise/pune shows this version now.').waitFor();
    const published = await fetch(`${site.url}/franchise/pune`);
    const html = await published.text();
    expect(published.status).toBe(200);
    expect(html).toContain('3rd Floor, Tower B, Baner Road, Pune, Maharashtra 411045');
    // Nothing of another city's in the page (the footer lists every city office).
    expect(html.slice(html.indexOf('<main'), html.indexOf('</main>'))).not.toMatch(/Surat|500\+/);
    await context.close();
  }, 120_000);
});
