import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUser } from '../../src/server/users/store';
import { hydrated, launchChromium, signIn, startSite, visit, type Site } from './harness';

// The investment announcement opens on a first visit, at a quiet moment: never on staff screens, never over a form
// the visitor has started, not before the page is interactive; what was typed is never lost.
let site: Site;
let browser: Browser;
const password = 'correct horse battery';

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchChromium()]);
  await createUser(site.db, { username: 'popup.admin', password, role: 'ADMIN', fullName: 'Popup Admin' });
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** How long a page is watched for the announcement: well past the quiet moment it waits for (3 s after load). */
const WATCH_MS = 6000;

interface Watched {
  loadedAt?: number;
  announcementOpenedAt?: number;
}

/** Notes, in the page, when it finished loading and when (if ever) the announcement opened. */
async function watchAnnouncement(page: Page) {
  await page.addInitScript(() => {
    const w = window as Watched;
    addEventListener('load', () => (w.loadedAt = performance.now()));
    new MutationObserver(() => {
      if (w.announcementOpenedAt === undefined && document.querySelector('dialog.announcement[open]'))
        w.announcementOpenedAt = performance.now();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['open'] });
  });
}

const watched = (page: Page) => page.evaluate(() => ({ ...(window as Watched) }) as Watched);

/** A mid-range phone on a mobile network: the CPU four times slower, 150 ms and about 1.6 Mbit/s down. */
async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

describe('the announcement', () => {
  it('on a throttled phone leaves a form the visitor has started alone, keeps what they type, and waits for another page', async () => {
    const { page, context, problems } = await visit(browser, site.url, { width: 390, height: 844, announcementSeen: false });
    await watchAnnouncement(page);
    await throttle(page);
    // The visitor taps into the form as soon as it shows and types their name, while the page is still loading.
    await page.goto('/franchise/surat', { waitUntil: 'domcontentloaded' });
    const form = page.locator('form.form-city-lead');
    const name = form.getByLabel(/^Full Name/);
    await name.click();
    await page.keyboard.type('Kiran Desai', { delay: 100 });
    await page.waitForFunction(() => (window as Watched).loadedAt !== undefined, undefined, { timeout: 60_000 });
    // Then stops to think, long past the quiet moment the announcement would otherwise take.
    await page.waitForTimeout(WATCH_MS);
    expect((await watched(page)).announcementOpenedAt).toBeUndefined();
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(' Jr', { delay: 50 });
    await page.waitForFunction(() => {
      const island = document.querySelector('form.form-city-lead')?.closest('hf-island');
      return island?.hasAttribute('data-hydrated');
    });
    await expect(name.inputValue()).resolves.toBe('Kiran Desai Jr');
    expect(await page.evaluate(() => localStorage.getItem('investmentPopupShown'))).toBeNull();

    // The next page, left alone, shows it: once loaded and interactive, after a quiet moment.
    await page.goto('/about');
    const dialog = page.getByRole('dialog', { name: /12 million investment/ });
    await dialog.waitFor({ timeout: 60_000 });
    const { loadedAt, announcementOpenedAt } = await watched(page);
    expect(announcementOpenedAt! - loadedAt!).toBeGreaterThanOrEqual(3000);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog.count()).resolves.toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('investmentPopupShown'))).toBe('true');
    expect(problems).toEqual([]);
    await context.close();
  }, 150_000);

  it('waits while the visitor is busy with the page, and opens once they leave it alone', async () => {
    const { page, context } = await visit(browser, site.url, { width: 390, height: 844, announcementSeen: false });
    await watchAnnouncement(page);
    await page.goto('/');
    await page.waitForFunction(() => (window as Watched).loadedAt !== undefined);
    // A key (Shift, which changes nothing) every second and a half: the page is never quiet for long enough.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift');
      await page.waitForTimeout(1500);
    }
    expect((await watched(page)).announcementOpenedAt).toBeUndefined();
    await page.getByRole('dialog', { name: /12 million investment/ }).waitFor();
    await context.close();
  }, 60_000);

  it('never shows on /login nor on a portal screen, and still shows on the next public page', async () => {
    // The three screens are watched side by side, each in its own tab, for the same quiet spell.
    const visitor = await visit(browser, site.url, { announcementSeen: false });
    const admin = await visit(browser, site.url, { announcementSeen: false });
    await signIn(admin.context, site.url, 'popup.admin', password);
    const screens = [
      { path: '/login', page: visitor.page },
      { path: '/view-forms', page: await visitor.context.newPage() },
      { path: '/admin', page: admin.page },
    ];
    await Promise.all(
      screens.map(async ({ path, page }) => {
        await watchAnnouncement(page);
        await page.goto(path);
        await hydrated(page);
      }),
    );
    await admin.page.getByRole('heading', { level: 1 }).waitFor();
    await admin.page.waitForTimeout(WATCH_MS);
    for (const { path, page } of screens) {
      expect((await watched(page)).announcementOpenedAt, path).toBeUndefined();
      await expect(page.locator('dialog.announcement').count(), path).resolves.toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('investmentPopupShown')), path).toBeNull();
    }

    await visitor.page.goto('/');
    await visitor.page.getByRole('dialog', { name: /12 million investment/ }).waitFor();
    await visitor.context.close();
    await admin.context.close();
  }, 90_000);
});
