import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUser } from '../../src/server/users/store';
import { jobRequestSubmission, reviewedJob } from '../support/published-job';
import { closePortalSite, hydrated, type Site, startPortalSite, visit } from './harness';

// App routes the server renders: they hydrate in place, with no layout shift and no second request for their data;
// a protected route the spec lists shows the sign-in form in place and the route itself after signing in.
let site: Site;
let browser: Browser;
let jobId: string;
const password = 'correct horse battery';

async function api(path: string, body: unknown, cookie = '') {
  const response = await fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return { body: (await response.json()) as Record<string, unknown> & { id: string }, cookies: response.headers.getSetCookie() };
}

beforeAll(async () => {
  ({ site, browser } = await startPortalSite());
  await createUser(site.db, { username: 'meera.admin', password, role: 'ADMIN', fullName: 'Meera Iyer' });
  await createUser(site.db, { username: 'ravi.recruiter', password, role: 'RECRUITER', fullName: 'Ravi Das' });
  const login = await api('/api/auth/login', { username: 'meera.admin', password });
  const cookie = login.cookies.map((c) => c.split(';')[0]).join('; ');
  const request = await api('/api/forms/job-posting', jobRequestSubmission);
  jobId = ((await api(`/api/job-requests/${request.body.id}/publish`, reviewedJob, cookie)).body.job as { id: string }).id;
  await api('/api/forms/consultation', {
    page: '/it-recruitment',
    captcha: 'off',
    data: { name: 'Kavya Menon', email: 'kavya@example.com', contact: '9876501234', lookingFor: 'Candidate' },
  });
});
afterAll(() => closePortalSite({ site, browser }));

/**
 * Sums the page's layout shifts from the start of its load, as CLS counts them (none after input). Each shift is kept
 * with what moved, so a failure names the element and where it went.
 */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const shifts: { value: number; at: number; moved: string[] }[] = ((window as unknown as { __shifts: unknown[] }).__shifts = []);
    const describe = (node?: Node) =>
      node instanceof Element
        ? `<${node.localName} class="${node.className}">${(node.textContent ?? '').trim().slice(0, 30)}`
        : String(node?.nodeName);
    const box = ({ x, y, width, height }: DOMRectReadOnly) => `${x},${y} ${width}x${height}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map((s) => `${describe(s.node)} ${box(s.previousRect)} -> ${box(s.currentRect)}`);
        shifts.push({ value: entry.value, at: Math.round(entry.startTime), moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return async () => {
    expect(await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('layout-shift'))).toBe(true);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number }[] }).__shifts);
    return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
  };
}

/** Expects the page to have shifted less than CLS's "none", naming what moved when it did. */
async function expectNoLayoutShift(layoutShift: Awaited<ReturnType<typeof watchLayoutShifts>>) {
  const { total, shifts } = await layoutShift();
  expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(0.01);
}

/** Opens a server-rendered route and waits until React has taken over its screen (a click is then handled). */
async function openRendered(page: Page, route: string) {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/jobs')) asked.push(request.url());
  });
  const response = await page.goto(route);
  expect(response!.status()).toBe(200);
  await hydrated(page);
  return asked;
}

describe('server-rendered app routes in Chromium', () => {
  it('a visitor who only looks at /job-openings, a job or /login runs no React and loads no screen code', async () => {
    for (const route of ['/job-openings', `/job-openings/${jobId}`, '/login']) {
      const { page, context, problems } = await visit(browser, site.url, { width: 390, height: 844 });
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(route, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      // The island loader and what it imports: no React, no router, no screen, no form renderer.
      expect(
        scripts.filter((path) => /\/(client|hydrate-island|app-screen-island|login-screen|job-opening|form-view)-/.test(path)),
        route,
      ).toEqual([]);
      expect(await page.locator('hf-island[data-name="app-screen"]').count(), route).toBe(1);
      // The visitor acts: the screen hydrates and answers.
      await hydrated(page);
      expect(
        scripts.some((path) => path.includes('/app-screen-island-')),
        route,
      ).toBe(true);
      expect(problems, route).toEqual([]);
      await context.close();
    }
  });

  it('/job-openings shows its jobs from the HTML, hydrates with no layout shift and asks the API for nothing', async () => {
    const { page, context, problems } = await visit(browser, site.url, { width: 390, height: 844 });
    const layoutShift = await watchLayoutShifts(page);
    const asked = await openRendered(page, '/job-openings');
    await page.getByRole('link', { name: reviewedJob.title, exact: true }).waitFor();
    await page.waitForTimeout(1000);
    await expectNoLayoutShift(layoutShift);
    // The city chips only answer once the screen has hydrated.
    await page.getByRole('button', { name: 'Pune', exact: true }).click();
    await page.waitForURL('**/job-openings?location=Pune');
    await page.getByRole('link', { name: reviewedJob.title, exact: true }).waitFor();
    expect(asked.filter((url) => !url.includes('location='))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a job's page hydrates with its details and JobPosting in place, and no layout shift", async () => {
    const { page, context, problems } = await visit(browser, site.url);
    const layoutShift = await watchLayoutShifts(page);
    const asked = await openRendered(page, `/job-openings/${jobId}`);
    await page.getByRole('heading', { level: 1, name: reviewedJob.title }).waitFor();
    await page.getByRole('heading', { name: 'Apply for this job' }).waitFor();
    await page.waitForTimeout(1000);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);
    expect(asked).toEqual([]);
    await expectNoLayoutShift(layoutShift);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a job that does not exist answers 404 and hydrates that answer without asking again', async () => {
    const { page, context, problems } = await visit(browser, site.url);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/jobs')) asked.push(request.url());
    });
    const response = await page.goto('/job-openings/00000000-0000-4000-8000-000000000000');
    expect(response!.status()).toBe(404);
    await hydrated(page);
    await page.getByRole('heading', { name: 'This job opening does not exist' }).waitFor();
    await page.waitForTimeout(500);
    await page.getByRole('heading', { name: 'This job opening does not exist' }).waitFor({ timeout: 100 });
    expect(asked).toEqual([]);
    // Chromium reports the page's own 404 in the console; nothing else may show there.
    expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
    await context.close();
  });

  it('/login hydrates with no layout shift', async () => {
    const { page, context, problems } = await visit(browser, site.url);
    const layoutShift = await watchLayoutShifts(page);
    await openRendered(page, '/login');
    await page.getByLabel('Username').waitFor();
    await page.waitForTimeout(500);
    await expectNoLayoutShift(layoutShift);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the sign-in form before its code has loaded', () => {
  it('keeps what was typed, sends nothing itself, and signs in once the page has loaded', async () => {
    const { page, context, problems } = await visit(browser, site.url);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/login-screen-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Username').fill('meera.admin');
    await page.getByLabel('Password').fill(password);
    const button = page.getByRole('button', { name: 'Log in' });
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel('Password').press('Enter');
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${site.url}/login`);
    release();
    // The screen's code arrives and hydrates: on a loaded machine that takes longer than expect.poll's one second.
    await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByLabel('Username').inputValue()).toBe('meera.admin');
    await button.click();
    await page.waitForURL('**/admin');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a protected route the spec lists', () => {
  it('/view-forms shows a visitor the sign-in form in place, then the leads once an admin signs in', async () => {
    const { page, context, problems } = await visit(browser, site.url);
    const leads: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/leads') leads.push(response.status());
    });
    await openRendered(page, '/view-forms');
    await page.getByRole('heading', { name: 'Log in to the portal' }).waitFor();
    expect(leads).toEqual([]);
    await page.getByLabel('Username').fill('meera.admin');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Submitted Forms' }).waitFor();
    await page.getByText('Kavya Menon').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/view-forms');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a signed-in user without the role sees the forbidden screen after signing in on /add-blog', async () => {
    const { page, context } = await visit(browser, site.url);
    await openRendered(page, '/add-blog');
    await page.getByLabel('Username').fill('ravi.recruiter');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'This page is not available for your account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/add-blog');
    await context.close();
  });
});
