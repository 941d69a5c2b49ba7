import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUser } from '../../src/server/users/store';
import { VITALS_ALWAYS_KEY } from '../../src/shared/web-vitals';
import { closePortalSite, hydrated, signIn, type Site, startPortalSite, visit } from './harness';

// The admin dashboard in Chromium at a laptop's 1366 px: what visitors' browsers measured, and the latest leads.
let site: Site;
let browser: Browser;
const password = 'correct horse battery';

beforeAll(async () => {
  ({ site, browser } = await startPortalSite());
  await createUser(site.db, { username: 'dash.admin', password, role: 'ADMIN', fullName: 'Dash Admin' });
});
afterAll(() => closePortalSite({ site, browser }));

/**
 * Opens /admin signed in through the API: a page load of the public /login would itself be one of the page loads that
 * report their vitals one time in ten, and the panel would then show it.
 */
async function openDashboard(width = 1366) {
  const visitor = await visit(browser, site.url, { width, height: 800 });
  await signIn(visitor.context, site.url, 'dash.admin', password);
  await visitor.page.goto('/admin');
  return visitor;
}

const vitalsPanel = (page: Page) => page.locator('section[aria-labelledby="vitals"]');

/** The text of each cell of the panel's row for `path`. */
async function vitalsRow(page: Page, path: string) {
  const row = vitalsPanel(page)
    .locator('tbody tr')
    .filter({ has: page.locator('code', { hasText: new RegExp(`^${path}$`) }) });
  await row.waitFor();
  return row.locator('td').allInnerTexts();
}

describe('page speed for visitors on the dashboard', () => {
  it('says nothing has been reported before any visitor has', async () => {
    const { page, context } = await openDashboard();
    await vitalsPanel(page).getByRole('heading', { name: 'No page speed reports yet' }).waitFor();
    await context.close();
  });

  it("a visitor's page load reports its vitals to the database, and the admin sees the page's 75th percentiles", async () => {
    // A visitor whose device is set to report every page load.
    const visitor = await visit(browser, site.url, { width: 1366, height: 800 });
    await visitor.context.addInitScript((key) => localStorage.setItem(key, 'always'), VITALS_ALWAYS_KEY);
    const { page } = visitor;
    await page.goto('/about');
    await hydrated(page);
    // A click is an interaction, so the load has an INP besides its LCP and CLS.
    await page
      .locator('.nav-bar')
      .getByRole('button', { name: /Company/ })
      .click();
    await page.waitForTimeout(300);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/vitals') && r.method() === 'POST');
    const stored = page.waitForResponse((r) => r.url().endsWith('/api/vitals') && r.status() === 204);
    // The visitor switches tabs: the page is hidden, which is when the reporter sends.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    const report = (await sent).postDataJSON() as { page: string; metrics: { name: string; value: number }[] };
    await stored;
    expect(report.page).toBe('/about');
    expect(report.metrics.map((m) => m.name).sort()).toEqual(['CLS', 'INP', 'LCP']);
    await visitor.context.close();

    const rows = await site.db.query<{ metric: string; value: number }>(
      `select metric, value from web_vitals where page = '/about' order by metric`,
    );
    expect(rows.map((r) => r.metric)).toEqual(['CLS', 'INP', 'LCP']);
    const lcp = Number(rows.find((r) => r.metric === 'LCP')?.value);
    expect(lcp).toBeGreaterThan(0);

    // Other visitors' reports (each address counts once per page an hour): one slow page, past the limits, and two
    // addresses that are no page of the site.
    for (const [i, { page, metrics }] of [
      {
        page: '/franchise/surat',
        metrics: [
          { name: 'LCP', value: 4800 },
          { name: 'INP', value: 320 },
          { name: 'CLS', value: 0.31 },
        ],
      },
      { page: '/franchise/surat', metrics: [{ name: 'LCP', value: 5200 }] },
      { page: '/fake-call-9999999999-for-a-refund', metrics: [{ name: 'LCP', value: 1000 }] },
      { page: '/another-made-up-page', metrics: [{ name: 'LCP', value: 1000 }] },
    ].entries()) {
      const response = await fetch(`${site.url}/api/vitals`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({ page, metrics }),
      });
      expect(response.status).toBe(204);
    }

    const { page: admin, context } = await openDashboard();
    const panel = vitalsPanel(admin);
    await panel.getByRole('heading', { name: 'Page speed for visitors' }).waitFor();
    await panel.getByText('over the last 28 days').waitFor();
    const headers = await panel.locator('thead th').allInnerTexts();
    expect(headers.map((h) => h.toUpperCase())).toEqual(['PAGE', 'LCP (GOOD ≤ 2.5 S)', 'INP (GOOD ≤ 200 MS)', 'CLS (GOOD ≤ 0.1)']);

    const about = await vitalsRow(admin, '/about');
    // One sample: its 75th percentile is the value itself.
    const shownLcp = lcp >= 1000 ? `${Number((lcp / 1000).toFixed(2))} s` : `${Math.round(lcp)} ms`;
    expect(about[1]).toContain(shownLcp);
    for (const cell of about.slice(1)) expect(cell).toMatch(/(Good|Needs improvement|Poor)\s+1 sample$/);

    // The page past the limits comes first, each vital rated against Google's limits.
    await expect(panel.locator('tbody tr').first().locator('code').innerText()).resolves.toBe('/franchise/surat');
    const surat = await vitalsRow(admin, '/franchise/surat');
    expect(surat.slice(1).map((cell) => cell.replace(/\s+/g, ' '))).toEqual([
      // Three quarters of the way from 4.8 s to 5.2 s.
      '5.1 s Poor 2 samples',
      '320 ms Needs improvement 1 sample',
      '0.31 Poor 1 sample',
    ]);
    // Made-up addresses are one row, last, named as what they are.
    const tableRows = panel.locator('tbody tr');
    await expect(tableRows.last().locator('td').first().innerText()).resolves.toBe('Other addresses (no page of the site)');
    await expect(tableRows.last().locator('td').nth(1).innerText()).resolves.toMatch(/2 samples$/);
    await expect(tableRows.count()).resolves.toBe(3);
    expect(await panel.locator('tbody').innerText()).not.toContain('fake');
    await context.close();
  });
});

describe('the latest submissions on the dashboard', () => {
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${site.url}/api/forms/consultation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          page: '/it-recruitment',
          data: {
            name: `Venkatasubramanian Ramakrishnan Iyengar ${i}`,
            email: `venkatasubramanian.ramakrishnan${i}@example-company.co.in`,
            contact: '9876501234',
            lookingFor: 'Candidate',
          },
          captcha: 'off',
        }),
      });
      expect(response.status).toBe(201);
    }
  });

  it('fit their box at 1366 px, long names and all', async () => {
    const { page, context } = await openDashboard();
    const latest = page.locator('section[aria-labelledby="latest"]');
    await latest.locator('tbody tr').first().waitFor();
    const fit = await latest.locator('.table-wrap').evaluate((wrap) => {
      const box = wrap.getBoundingClientRect();
      const lastHeading = wrap.querySelector('thead th:last-child')!.getBoundingClientRect();
      return { overflow: wrap.scrollWidth - wrap.clientWidth, lastHeadingInside: lastHeading.right <= box.right };
    });
    expect(fit).toEqual({ overflow: 0, lastHeadingInside: true });
    await context.close();
  });

  it('scroll sideways by keyboard on a 390 px phone, in a region named after the table', async () => {
    const { page, context } = await openDashboard(390);
    const region = page.getByRole('region', { name: 'Latest submissions table' });
    await region.locator('tbody tr').first().waitFor();
    expect(await region.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    // Reached with Tab from the top of the page, as any other stop.
    const onRegion = () => region.evaluate((box) => box === document.activeElement);
    for (let i = 0; i < 120 && !(await onRegion()); i++) await page.keyboard.press('Tab');
    expect(await onRegion()).toBe(true);
    expect(await region.getAttribute('tabindex')).toBe('0');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
    await context.close();
  });

  it.each([320, 390])('leave the page no wider than a %i px screen', async (width) => {
    const { page, context } = await openDashboard(width);
    await page.locator('section[aria-labelledby="latest"] tbody tr').first().waitFor();
    await page.waitForLoadState('networkidle');
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways).toBe(0);
    await context.close();
  });
});

describe('the leads search box', () => {
  it('shows its whole placeholder, from a laptop down to a small phone', async () => {
    const { page, context } = await openDashboard();
    await page.goto('/view-forms');
    const search = page.getByRole('searchbox', { name: 'Search' });
    for (const width of [1366, 1024, 768, 390, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await search.waitFor();
      const room = await search.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const text = document.createElement('canvas').getContext('2d')!;
        text.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const inside = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return inside - text.measureText(input.placeholder).width;
      });
      expect(room, `room left beside the placeholder at ${width} px`).toBeGreaterThanOrEqual(0);
    }
    await context.close();
  });
});

describe("the dashboard's charts of the last 90 days", () => {
  beforeAll(async () => {
    // Leads of the last weeks, twenty in each of three cities; thirty from google, ten walk-ins, twenty with no source
    // recorded; each promised a reply, three in four answered.
    await site.db.query(
      `insert into submissions (form_id, collection, page, city, source, data, status, created_at, respond_by, answered_at)
       select 'consultation', 'ConsultationRequests', '/', (array['Surat', 'Pune', 'Chennai'])[1 + g % 3],
              case when g % 2 = 0 then 'google' when g % 3 = 0 then 'walk-in' end, '{"name": "Chart Lead"}',
              case when g % 4 = 0 then 'new' else 'contacted' end, c.at, c.at + interval '24 hours',
              case when g % 4 <> 0 then c.at + make_interval(mins => 20 + g * 7) end
         from generate_series(1, 60) g cross join lateral (select now() - make_interval(days => g % 40, hours => 2) as at) c`,
    );
  });

  const scriptsFetched = (page: Page) => {
    const names: string[] = [];
    page.on('request', (request) => names.push(new URL(request.url()).pathname));
    return names;
  };

  it.each([1366, 390])('draws leads per day by city and by source at %i px, each with its figures as a table', async (width) => {
    const { page, context } = await openDashboard(width);
    const byCity = page.locator('figure').filter({ has: page.getByRole('heading', { name: /^Leads per day by city, last 90 days/ }) });
    const bySource = page.locator('figure').filter({ has: page.getByRole('heading', { name: /^Leads per day by source, last 90 days/ }) });
    for (const figure of [byCity, bySource]) {
      await figure.locator('.daily-chart canvas').first().waitFor();
      // The drawing is hidden from screen readers; the caption and the table speak for it.
      await expect(figure.locator('.daily-chart').evaluate((chart) => chart.closest('[aria-hidden="true"]') !== null)).resolves.toBe(true);
      const box = await figure.locator('.daily-chart').boundingBox();
      expect(box!.width).toBeGreaterThan(width < 500 ? 250 : 400);
    }
    await expect(byCity.locator('.chart-legend').innerText()).resolves.toMatch(/Chennai[\s\S]*Pune[\s\S]*Surat/);
    await expect(bySource.locator('.chart-legend').innerText()).resolves.toMatch(/google[\s\S]*Not recorded[\s\S]*walk-in/);

    await bySource.getByText('Show as a table').click();
    const table = page.getByRole('table', { name: 'Leads per day by source (source by column)' });
    await table.waitFor();
    const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.toUpperCase());
    // Besides the seeded ones, leads this file's other tests sent through the forms, with no campaign or other site
    // behind them, come direct (fewest).
    const [{ direct } = { direct: 0 }] = await site.db.query<{ direct: number }>(
      `select count(*)::int as direct from submissions where source = 'direct'`,
    );
    expect(headers).toEqual(['DAY', 'GOOGLE', 'NOT RECORDED', 'WALK-IN', ...(direct ? ['DIRECT'] : []), 'ALL']);
    // Ninety days, newest first; the cells add up to the caption's total.
    await expect(table.locator('tbody tr').count()).resolves.toBe(90);
    const totals = await table.locator('tbody td:last-child').allInnerTexts();
    const caption = await bySource.locator('figcaption').innerText();
    expect(caption).toContain(`${totals.reduce((sum, n) => sum + Number(n), 0)} leads`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await context.close();
  });

  it('shows first replies by city and assignee, the promise kept and leads by status, as bars and as tables', async () => {
    const { page, context } = await openDashboard();
    const byCity = page.locator('figure').filter({ has: page.getByRole('heading', { name: 'First reply by city, last 90 days' }) });
    await byCity.locator('.response-bars li').first().waitFor();
    await expect(byCity.locator('.response-bars .bar-label').allInnerTexts()).resolves.toEqual(
      expect.arrayContaining(['Surat', 'Pune', 'Chennai']),
    );
    await byCity.getByText('Show as a table').click();
    const replies = page.getByRole('table', { name: 'First reply by city, last 90 days' });
    const surat = replies.locator('tbody tr').filter({ hasText: 'Surat' });
    // Twenty Surat leads promised a reply, fifteen answered.
    await expect(surat.locator('td').nth(1).innerText()).resolves.toBe('20');
    await expect(surat.locator('td').nth(2).innerText()).resolves.toBe('15');

    const promise = page
      .locator('figure')
      .filter({ has: page.getByRole('heading', { name: 'Answered within the promise, last 90 days' }) });
    await expect(promise.locator('.promise-share').innerText()).resolves.toMatch(/^\d+%/);
    await promise.getByText('Show as a table').click();
    await page.getByRole('table', { name: 'Leads promised a reply, by how the promise went' }).waitFor();

    const byStatus = page.locator('figure').filter({ has: page.getByRole('heading', { name: 'All leads by status' }) });
    const statuses = (await byStatus.locator('.bar-label').allInnerTexts()).map((label) => label.toLowerCase());
    expect(statuses).toEqual(expect.arrayContaining(['contacted', 'new']));
    await byStatus.getByText('Show as a table').click();
    await page.getByRole('table', { name: 'All leads by status' }).waitFor();
    await context.close();
  });

  it('fetches the chart library on the dashboard only: not on another portal screen, nor on a public page', async () => {
    const charts = (names: string[]) => names.filter((name) => /uPlot/i.test(name));
    const visitor = await visit(browser, site.url, { width: 1366, height: 800 });
    const publicFetches = scriptsFetched(visitor.page);
    await visitor.page.goto('/');
    await hydrated(visitor.page);
    await visitor.page.waitForLoadState('networkidle');
    expect(charts(publicFetches)).toEqual([]);
    await visitor.context.close();

    const staff = await visit(browser, site.url, { width: 1366, height: 800 });
    await signIn(staff.context, site.url, 'dash.admin', password);
    const fetched = scriptsFetched(staff.page);
    await staff.page.goto('/view-forms');
    await staff.page.getByRole('searchbox', { name: 'Search' }).waitFor();
    await staff.page.waitForLoadState('networkidle');
    expect(charts(fetched)).toEqual([]);
    // The dashboard fetches the library, script and stylesheet.
    await staff.page.goto('/admin');
    await staff.page.locator('.daily-chart canvas').first().waitFor();
    expect(charts(fetched).map((name) => name.split('.').pop())).toEqual(expect.arrayContaining(['js', 'css']));
    await staff.context.close();
  });
});
