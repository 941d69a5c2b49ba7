import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createUser } from '../../src/server/users/store';
import { jobRequestSubmission, reviewedJob } from '../support/published-job';
import { closePortalSite, postJson, signIn, type Site, startPortalSite } from './harness';

// A portal screen the server rendered runs no React until its user acts: it is read, and its links work, from the
// HTML alone; the app's code is fetched ahead and runs at the first touch, and that first tap is not lost.
let site: Site;
let browser: Browser;
let jobId = '';
const password = 'correct horse battery';

beforeAll(async () => {
  ({ site, browser } = await startPortalSite());
  await createUser(site.db, { username: 'asha.admin', password, role: 'ADMIN', fullName: 'Asha Rao' });
  const admin = (await postJson(site.url, '/api/auth/login', { username: 'asha.admin', password })).cookie;
  const request = await postJson(site.url, '/api/forms/job-posting', jobRequestSubmission);
  jobId = ((await postJson(site.url, `/api/job-requests/${request.body.id}/publish`, reviewedJob, admin)).body.job as { id: string }).id;
  for (const [name, phone] of [
    ['Ravi Patil', '9123456780'],
    ['Meena Joshi', '9123456781'],
  ] as const)
    await postJson(site.url, `/api/jobs/public/${jobId}/applications`, {
      data: { name, email: `${phone}@example.com`, phone },
      captcha: 'off',
    });
}, 120_000);
afterAll(() => closePortalSite({ site, browser }));

describe('a portal screen the server rendered, on a phone', () => {
  it('shows its data with only the loader run, and the first tap before React reaches its control', async () => {
    const context = await browser.newContext({ baseURL: site.url, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await signIn(context, site.url, 'asha.admin', password);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`/jobs/${jobId}`);
    await page.waitForLoadState('networkidle');

    // The applicants and their Call links are there, from the HTML alone; nothing of React has run.
    await page.getByText('Ravi Patil').first().waitFor();
    expect(await page.getByRole('link', { name: /Call \+91 91234 56780/ }).getAttribute('href')).toBe('tel:+919123456780');
    const before = await page.evaluate(() => ({
      disabled: (document.getElementById('root') as HTMLFieldSetElement).disabled,
      react: Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__react')),
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
        .map((entry) => entry.name),
      fetchedAhead: [...document.querySelectorAll('link[rel="prefetch"]')].length,
    }));
    expect(before.disabled).toBe(true);
    expect(before.react).toBe(false);
    expect(before.scripts.filter((name) => !/\/assets\/(screen-loader|first-action)-/.test(name))).toEqual([]);
    expect(before.fetchedAhead).toBeGreaterThan(0);

    // A finger on Edit, at the top of the screen, before React holds it: once it does, the job's form opens.
    const edit = page.getByRole('button', { name: 'Edit', exact: true });
    const where = await edit.boundingBox();
    if (!where) throw new Error('Edit is not on the screen');
    await page.touchscreen.tap(where.x + where.width / 2, where.y + where.height / 2);
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('holds a click on a part the fieldset does not cover (a summary) until React can follow it', async () => {
    const context = await browser.newContext({ baseURL: site.url, viewport: { width: 1366, height: 900 } });
    await signIn(context, site.url, 'asha.admin', password);
    const page = await context.newPage();
    // The app's entry arrives only once the click has been made, as on a slow network.
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto('/admin');
    const byStatus = page.locator('figure').filter({ has: page.getByRole('heading', { name: 'All leads by status' }) });
    // Whether the screen was React's each time the table opened or closed.
    await byStatus.locator('details').evaluate((details) => {
      const seen: boolean[] = ((window as unknown as { toggles: boolean[] }).toggles = []);
      details.addEventListener('toggle', () => seen.push(!(document.getElementById('root') as HTMLFieldSetElement).disabled));
    });
    await byStatus.getByText('Show as a table').click();
    arrive();
    await page.getByRole('table', { name: 'All leads by status' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { toggles: boolean[] }).toggles)).toEqual([true]);
    await context.close();
  });
});
