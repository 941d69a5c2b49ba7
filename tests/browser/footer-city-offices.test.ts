import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUser } from '../../src/server/users/store';
import { CITY_LIST_PATH } from '../../src/shared/city-list';
import { closePortalSite, hydrated, signIn, type Site, startPortalSite, visit } from './harness';

// The footer's city offices, on a page the server renders for a visitor and on one the signed-in user's app hydrates.
let site: Site;
let browser: Browser;
const password = 'correct horse battery';

beforeAll(async () => {
  ({ site, browser } = await startPortalSite());
  await createUser(site.db, { username: 'nisha.admin', password, role: 'ADMIN', fullName: 'Nisha Kapoor' });
});
afterAll(() => closePortalSite({ site, browser }));

const cityOffices = (page: Page) => page.getByRole('navigation', { name: 'City offices' });

/** How the city offices sit in the footer: its width against the window's, and whether any two links overlap. */
function footerFit(page: Page) {
  return page.evaluate(() => {
    const boxes = [...document.querySelectorAll('.site-footer nav[aria-label="City offices"] a')].map((a) => a.getBoundingClientRect());
    const overlap = boxes.some((a, i) =>
      boxes.some((b, j) => i !== j && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom),
    );
    return { sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth, overlap };
  });
}

describe('the city offices in the footer', () => {
  it.each([390, 1366])('at %i px a visitor on /job-openings reaches Surat from the footer', async (width) => {
    const { page, context, problems } = await visit(browser, site.url, { width, height: 844 });
    await page.goto('/job-openings');
    await hydrated(page);
    await cityOffices(page).getByRole('heading', { name: 'Our City Offices' }).waitFor();
    expect(await footerFit(page)).toEqual({ sideways: 0, overlap: false });
    await cityOffices(page).getByRole('link', { name: 'Surat, Gujarat' }).click();
    await page.waitForURL('**/franchise/surat');
    await cityOffices(page).getByRole('link', { name: 'Chennai, Tamil Nadu' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a signed-in user on /job-openings: the app hydrates the footer as the server rendered it, asking for no list', async () => {
    const { page, context, problems } = await visit(browser, site.url);
    await signIn(context, site.url, 'nisha.admin', password);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === CITY_LIST_PATH) asked.push(request.url());
    });
    await page.goto('/job-openings');
    await hydrated(page);
    await page.waitForTimeout(500);
    // A mismatch between the server's HTML and the app's first render is reported in the console.
    expect(problems).toEqual([]);
    expect(asked).toEqual([]);
    // React holds the page: a footer link to a city page loads that page.
    await cityOffices(page).getByRole('link', { name: 'Visakhapatnam, Andhra Pradesh' }).click();
    await page.waitForURL('**/franchise/visakhapatnam');
    expect(problems).toEqual([]);
    await context.close();
  });
});
