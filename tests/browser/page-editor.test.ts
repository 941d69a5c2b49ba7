import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createUser } from '../../src/server/users/store';
import { closePortalSite, hydrated, signIn, type Site, startPortalSite, visit } from './harness';

// Marketing staff make, edit, preview, publish and roll back a city page in the browser; visitors get it from the
// server at once, with no build in between. One server, one browser.
let site: Site;
let browser: Browser;
const password = 'correct horse battery';

beforeAll(async () => {
  ({ site, browser } = await startPortalSite());
  await createUser(site.db, { username: 'meera.marketing', password, role: 'MARKETING', fullName: 'Meera Shah' });
  await createUser(site.db, { username: 'bala.bde', password, role: 'BDE', fullName: 'Bala Krishnan' });
});
afterAll(() => closePortalSite({ site, browser }));

const visitorGets = async (path: string) => {
  const response = await fetch(`${site.url}${path}`);
  return { status: response.status, html: await response.text() };
};

describe('the page editor', () => {
  it('MARKETING makes /franchise/pune from Surat, changes its heading and an answer, previews, publishes and rolls back', async () => {
    const { page, context } = await visit(browser, site.url);
    await signIn(context, site.url, 'meera.marketing', password);
    await page.goto('/admin/pages');
    await hydrated(page);
    await page.getByRole('link', { name: '/franchise/surat' }).waitFor();

    await page.getByLabel('Template', { exact: true }).selectOption('/franchise/surat');
    await page.getByLabel('City name').fill('Pune');
    await page.getByRole('button', { name: 'Make the page' }).click();
    await page.waitForURL('**/admin/pages?route=%2Ffranchise%2Fpune');
    expect((await visitorGets('/franchise/pune')).status).toBe(404);

    const preview = page.frameLocator('iframe[title="Page preview"]');
    await preview.getByRole('heading', { name: 'Jobs, Campus Hiring and Skilled Talent in Pune' }).waitFor();
    await page.locator('#block-0_heading').fill('Pune hires faster');
    await preview.getByRole('heading', { name: 'Pune hires faster' }).waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.locator('#block-0_heading').inputValue()).toBe('Jobs, Campus Hiring and Skilled Talent in Pune');
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => page.locator('#block-0_heading').inputValue()).toBe('Pune hires faster');

    await page.getByRole('button', { name: /^10\. faq/ }).click();
    await page.locator('#block-9_items_0_answer').fill('Yes, and in Pune too.');
    // The answer is in the page, inside its closed accordion.
    await preview.getByText('Yes, and in Pune too.').waitFor({ state: 'attached' });

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published: /franchise/pune shows this version now.').waitFor();
    const published = await visitorGets('/franchise/pune');
    expect(published.status).toBe(200);
    expect(published.html).toContain('Pune hires faster');
    expect(published.html).toContain('Yes, and in Pune too.');

    // The first revision (the page as made from the template) back in one click.
    await page
      .getByRole('button', { name: /Roll back to revision/ })
      .last()
      .click();
    await page.getByText(/Rolled back to revision/).waitFor();
    const rolledBack = await visitorGets('/franchise/pune');
    expect(rolledBack.html).toContain('Jobs, Campus Hiring and Skilled Talent in Pune');
    expect(rolledBack.html).not.toContain('Pune hires faster');
    await context.close();
  }, 120_000);

  it('BDE cannot open /admin/pages or its API', async () => {
    const { page, context } = await visit(browser, site.url);
    await signIn(context, site.url, 'bala.bde', password);
    await page.goto('/admin/pages');
    await hydrated(page);
    await expect.poll(() => page.locator('main').innerText()).not.toContain('New city from template');
    const api = await page.evaluate(async () => (await fetch('/api/admin/pages')).status);
    expect(api).toBe(403);
    await context.close();
  });
});
