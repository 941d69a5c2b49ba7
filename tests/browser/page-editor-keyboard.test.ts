import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUser } from '../../src/server/users/store';
import { closePortalSite, hydrated, signIn, type Site, startPortalSite, visit } from './harness';

// Marketing staff who work by keyboard: after each action they are where they were, and a screen reader says what
// changed.
let site: Site;
let browser: Browser;
const password = 'correct horse battery';

beforeAll(async () => {
  ({ site, browser } = await startPortalSite());
  await createUser(site.db, { username: 'kavya.marketing', password, role: 'MARKETING', fullName: 'Kavya Iyer' });
}, 60_000);
afterAll(() => closePortalSite({ site, browser }));

/** The control the keyboard is on, by its name as a screen reader says it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
  });
/** What the editor's live region said last. */
const said = async (page: Page) => (await page.locator('.page-editor-said').innerText()).trim();

async function openEditor(route: string) {
  const { page, context } = await visit(browser, site.url, { width: 1366, height: 900 });
  await signIn(context, site.url, 'kavya.marketing', password);
  await page.goto(`/admin/pages?route=${encodeURIComponent(route)}`);
  await hydrated(page);
  return { page, context };
}

describe('the page editor by keyboard', () => {
  it('keeps focus on the moved block, the block after a removed one and a new block, and says what happened', async () => {
    const { page, context } = await openEditor('/about');
    const count = await page.locator('.page-block-title').count();
    await page.getByRole('button', { name: 'Move Hero down' }).first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => said(page)).toBe(`Hero moved down: now section 2 of ${count - 1}.`);
    expect(await focused(page)).toBe('Move Hero down');
    // Pressed again, it moves on.
    await page.keyboard.press('Enter');
    await expect.poll(() => said(page)).toBe(`Hero moved down: now section 3 of ${count - 1}.`);
    await page.getByRole('region', { name: /^Block 3\. Hero/ }).waitFor();

    await page.getByRole('button', { name: 'Remove Hero' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => said(page)).toBe('Hero removed. Undo brings it back.');
    expect(await focused(page)).toMatch(/^3\. /);

    await page.getByLabel('Block type').selectOption('faq');
    await page.getByRole('button', { name: 'Add block' }).focus();
    await page.keyboard.press('Enter');
    // Added after the open block, or at the end when none is open (as now, after a removal).
    await expect.poll(() => said(page)).toBe(`Questions and answers added as section ${count - 1}: fill in its fields.`);
    expect(await focused(page)).toBe(`${count - 1}. Questions and answers`);
    await context.close();
  }, 90_000);

  it('leaves a city section out and back from the same button, and stays on Publish while it publishes', async () => {
    const { page, context } = await openEditor('/franchise/surat');
    await page.getByRole('button', { name: 'Leave Image and text out of this page' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => said(page)).toBe('Image and text left out of this page. Undo brings it back.');
    expect(await focused(page)).toBe('Show Image and text on this page');
    await page.keyboard.press('Enter');
    await expect.poll(() => said(page)).toBe('Image and text is on this page again.');
    expect(await focused(page)).toBe('Leave Image and text out of this page');

    await page.getByRole('button', { name: 'Leave Cards out of this page' }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => said(page)).toBe('Published: /franchise/surat shows this version now.');
    expect(await focused(page)).toBe('Publish');
    const visitor = await (await fetch(`${site.url}/franchise/surat`)).text();
    expect(visitor).not.toContain('How Hireframe Surat Helps You');
    await context.close();
  }, 90_000);
});
