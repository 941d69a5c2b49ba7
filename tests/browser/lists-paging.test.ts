import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUser } from '../../src/server/users/store';
import { hydrated, launchChromium, startSite, visit } from './harness';

// The public job openings (paged by number) and an admin list (paged by cursor) in Chromium: the address keeps the
// page, so it can be shared and Back returns to it.
let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;
const password = 'correct horse battery';

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ config: { captcha: 'off', outboxIntervalMs: 0 } }), launchChromium()]);
  await createUser(site.db, { username: 'lists.admin', password, role: 'ADMIN' });
  await site.db.query(
    `insert into jobs (title, description, company_name, location, employment_type, status, published_at)
     select 'Warehouse picker ' || g, 'Pick and pack orders', 'Nashik Logistics', 'Nashik, Maharashtra', 'FULL_TIME', 'published',
            now() - (g || ' minutes')::interval
       from generate_series(1, 25) g`,
  );
  await site.db.query(
    `insert into submissions (form_id, collection, page, city, data, created_at)
     select 'city-registration', 'Registrations', '/franchise/surat', 'Surat',
            jsonb_build_object('name', 'Paged Candidate ' || g, 'email', 'paged' || g || '@example.com'), now() - (g || ' minutes')::interval
       from generate_series(1, 30) g`,
  );
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const titles = (page: Page) => page.locator('.job-card h2').allInnerTexts();
const candidateNames = (page: Page) => page.locator('table.data-table tbody strong').allInnerTexts();

describe('lists paged in the address', () => {
  it('pages the public job openings by number in the address, so a link opens the same page elsewhere', async () => {
    const secondTen = Array.from({ length: 10 }, (_, i) => `Warehouse picker ${i + 11}`);
    const { page, context, problems } = await visit(browser, site.url);
    await page.goto('/job-openings?location=Nashik');
    await hydrated(page);
    await page.getByRole('status').filter({ hasText: '25 openings in Nashik' }).waitFor();
    const first = await titles(page);
    expect(first).toEqual(Array.from({ length: 10 }, (_, i) => `Warehouse picker ${i + 1}`));

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => titles(page)).toEqual(secondTen);
    const address = new URL(page.url()).searchParams;
    expect(address.get('location')).toBe('Nashik');
    expect(page.url()).not.toMatch(/after=|before=/);

    // The link opens the second page for someone else, rendered so by the server before any script runs.
    const shared = await visit(browser, site.url);
    await shared.page.goto('/job-openings?page=2&location=Nashik');
    expect(await titles(shared.page)).toEqual(secondTen);
    await hydrated(shared.page);
    await shared.page.getByRole('button', { name: 'Next' }).click();
    await shared.page.waitForURL(/page=3/);
    await expect
      .poll(() => titles(shared.page))
      .toEqual(['Warehouse picker 21', 'Warehouse picker 22', 'Warehouse picker 23', 'Warehouse picker 24', 'Warehouse picker 25']);
    await shared.context.close();

    await page.getByRole('button', { name: 'Previous' }).click();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    expect(new URL(page.url()).searchParams.get('location')).toBe('Nashik');
    await expect.poll(() => titles(page)).toEqual(first);
    await page.goBack();
    await page.waitForURL(/page=2/);
    await expect.poll(() => titles(page)).toEqual(secondTen);
    await page.goForward();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await expect.poll(() => titles(page)).toEqual(first);
    await page.goBack();
    await expect.poll(() => titles(page)).toEqual(secondTen);

    // A new search starts from the first page.
    await page.getByLabel('Search').fill('picker 2');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/q=picker/);
    expect(page.url()).not.toMatch(/page=|after=|before=/);
    await page
      .getByRole('status')
      .filter({ hasText: /openings in Nashik matching/ })
      .waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('pages the candidates and searches them from three letters, starting again from the first page', async () => {
    const { page, context, problems } = await visit(browser, site.url);
    await page.goto('/login');
    await hydrated(page);
    await page.getByLabel('Username').fill('lists.admin');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/admin');
    await page.goto('/admin/candidates');
    await expect.poll(() => candidateNames(page)).toHaveLength(25);
    await page.getByText('30 candidates').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/after=/);
    await expect
      .poll(() => candidateNames(page))
      .toEqual(['Paged Candidate 26', 'Paged Candidate 27', 'Paged Candidate 28', 'Paged Candidate 29', 'Paged Candidate 30']);

    const search = page.getByLabel('Search');
    await search.fill('ca');
    await page.getByText('Type at least 3 letters or digits in a row to search.').waitFor();
    await page.waitForTimeout(500);
    expect(page.url()).not.toContain('search=');
    await search.fill('candidate 3');
    await page.waitForURL(/search=candidate/);
    expect(page.url()).not.toMatch(/after=|before=/);
    await expect.poll(() => candidateNames(page)).toEqual(['Paged Candidate 3', 'Paged Candidate 30']);
    expect(problems).toEqual([]);
    await context.close();
  });
});
