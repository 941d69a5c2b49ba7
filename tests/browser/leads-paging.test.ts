import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUser } from '../../src/server/users/store';
import { seedLeads } from '../support/seed-leads';
import { hydrated, launchChromium, startSite, visit } from './harness';

// Paging, search and export of the leads inbox and the BDE portal, as staff use them in Chromium.
let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;
const password = 'correct horse battery';
/** The BDE's leads on their first tab (job requests have their own). */
let bdeLeads = 0;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ config: { captcha: 'off', outboxIntervalMs: 0 } }), launchChromium()]);
  await createUser(site.db, { username: 'paging.admin', password, role: 'ADMIN', fullName: 'Paging Admin' });
  const bde = await createUser(site.db, { username: 'paging.bde', password, role: 'BDE', fullName: 'Paging BDE' });
  await seedLeads(site.db, 130, [bde.id]);
  const [row] = await site.db.query<{ n: number }>(
    `select count(*)::int as n from submissions where assigned_to = $1 and collection <> 'JobRequests'`,
    [bde.id],
  );
  bdeLeads = row?.n ?? 0;
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function logIn(page: Page, username: string) {
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The names on the page, in order. */
const names = (page: Page) => page.locator('.leads-open').allInnerTexts();

describe('leads paged by cursor in the portal', () => {
  it('ADMIN pages forward and back on /view-forms, the address keeping the page, and searches from three letters', async () => {
    const { page, context, problems } = await visit(browser, site.url);
    await logIn(page, 'paging.admin');
    await page.waitForURL('**/admin');
    await page.goto('/view-forms');
    await page.getByRole('status').filter({ hasText: '130 leads' }).first().waitFor();
    const first = await names(page);
    expect(first).toHaveLength(20);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/after=/);
    await expect.poll(() => names(page)).not.toEqual(first);
    const second = await names(page);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.waitForURL(/before=/);
    await expect.poll(() => names(page)).toEqual(first);
    await expect(page.getByRole('button', { name: 'Previous' }).isDisabled()).resolves.toBe(true);

    // Back in history returns to the second page.
    await page.goBack();
    await expect.poll(() => names(page)).toEqual(second);

    const search = page.getByLabel('Search');
    await search.fill('gm');
    await page.getByText('Type at least 3 letters or digits in a row to search.').waitFor();
    await page.waitForTimeout(500);
    expect(page.url()).not.toContain('q=');
    await search.fill('gmail');
    await page.waitForURL(/q=gmail/);
    expect(page.url()).not.toMatch(/after=|before=/);
    await page
      .getByRole('status')
      .filter({ hasText: /leads match these filters/ })
      .first()
      .waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    const csv = await new Response((await file.createReadStream()) as unknown as ReadableStream).text();
    const [row] = await site.db.query<{ n: number }>(
      `select count(*)::int as n from submissions where jsonb_path_query_array(data, '$.*')::text ilike '%gmail%'`,
    );
    // The header, a line per lead of the search (none of the seeded values breaks a line), and the last CRLF.
    expect(csv.split('\r\n')).toHaveLength((row?.n ?? 0) + 2);
    await page.getByRole('button', { name: 'Export CSV' }).waitFor();
    expect(problems.filter((p) => !p.includes('status of 40'))).toEqual([]);
    await context.close();
  });

  it('a BDE pages through the leads assigned to them on /bde-portal', async () => {
    const { page, context } = await visit(browser, site.url);
    await logIn(page, 'paging.bde');
    await page.waitForURL('**/bde-portal');
    // The portal opens at To do, whose cards name leads too; every lead of theirs is under My leads, counted above
    // its table.
    await page.getByRole('tabpanel', { name: 'To do' }).waitFor();
    await page.getByRole('tab', { name: 'My leads' }).click();
    await page.getByRole('tabpanel', { name: 'My leads' }).locator('.leads-count').waitFor();
    await page.locator('.leads-open').first().waitFor();
    expect(bdeLeads).toBeGreaterThan(20);
    let rows = (await names(page)).length;
    const next = page.getByRole('button', { name: 'Next' });
    while (await next.isEnabled()) {
      const before = await names(page);
      await next.click();
      await expect.poll(() => names(page)).not.toEqual(before);
      rows += (await names(page)).length;
    }
    expect(rows).toBe(bdeLeads);
    expect(page.url()).toMatch(/after=/);
    await context.close();
  });
});
