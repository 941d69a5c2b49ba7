import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sourcePages } from '../../src/server/site/source-pages';
import { hydrated, launchChromium, startSite, visit } from './harness';

// The routes of pages/, each read from its file with placeholders filled.
const pages = sourcePages();
const jsonRoutes = [...pages.routes().keys()];

let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('every public route in Chromium', () => {
  it.each([...jsonRoutes, '/login', '/blogs', '/job-openings'])('%s renders and hydrates with no console errors', async (route) => {
    const { page, context, problems } = await visit(browser, site.url, { announcementSeen: false });
    const response = await page.goto(route);
    expect(response!.status()).toBe(200);
    await hydrated(page);
    await page.locator('main h1').first().waitFor();
    await page.waitForTimeout(150);
    expect(problems).toEqual([]);
    await context.close();
  });
});
