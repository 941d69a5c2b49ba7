import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sourcePages } from '../../src/server/site/source-pages';
import { createUser } from '../../src/server/users/store';
import { appRoutes, mayOpen } from '../../src/shared/app-routes';
import { ROLES } from '../../src/shared/roles';
import { indiaDatePlus } from '../../src/shared/india-time';
import { jobRequestSubmission, reviewedJob } from '../support/published-job';
import {
  accessibilityViolations,
  closePortalSite,
  hydrated,
  postJson,
  signIn,
  smallTapTargets,
  type Site,
  startPortalSite,
  visit,
} from './harness';

// axe-core on every public route at a desktop and a phone width, with the popups and the mobile menu open, and on
// every portal screen each role may open: WCAG 2.2 A and AA, no violation at any impact.
let site: Site;
let browser: Browser;
const password = 'correct horse battery';
/** The id each detail route (`/…/:id`) is checked with. */
const detailIds: Record<string, string> = {};
/** The job's candidate the candidate screen is checked with. */
let candidateId = '';
let screensChecked = 0;
let violationsFound = 0;

const post = (path: string, body: unknown, cookie = '') => postJson(site.url, path, body, cookie);

beforeAll(async () => {
  ({ site, browser } = await startPortalSite());
  await Promise.all(
    ROLES.map((role) =>
      createUser(site.db, { username: `${role.toLowerCase()}.axe`, password, role, fullName: `${role} Tester`, city: 'Surat' }),
    ),
  );
  const admin = (await post('/api/auth/login', { username: 'admin.axe', password })).cookie;
  const jobRequest = await post('/api/forms/job-posting', jobRequestSubmission);
  detailIds['/job-request-details/:id'] = jobRequest.body.id as string;
  const published = await post(`/api/job-requests/${detailIds['/job-request-details/:id']}/publish`, reviewedJob, admin);
  const jobId = (published.body.job as { id: string }).id;
  detailIds['/jobs/:id'] = jobId;
  detailIds['/job-openings/:id'] = jobId;
  detailIds['/jobs/:id/candidates/:candidateId'] = jobId;
  // A candidate who joined: the pipeline, the candidate and the placements report all have something to show.
  const application = await post(`/api/jobs/public/${jobId}/applications`, {
    data: { name: 'Ravi Patil', email: 'ravi@example.com', phone: '9123456780' },
    captcha: 'off',
  });
  candidateId = application.body.id as string;
  const placement = {
    joiningDate: indiaDatePlus(0),
    ctc: 420000,
    feeType: 'fixed',
    fee: 25000,
    invoiceStatus: 'to-invoice',
    franchiseCity: 'Surat',
    newCompany: true,
  };
  await post(`/api/jobs/${jobId}/applicants/move`, { ids: [candidateId], stage: 'joined', placement }, admin);
  const recruiter = await post('/api/forms/recruiter-application', {
    page: '/apply-as-a-recruiter',
    captcha: 'off',
    data: { name: 'Anil Varma', email: 'anil@example.com', phone: '9876512345', city: 'Pune', experience: '0-1' },
  });
  detailIds['/admin/recruiter-requests/:id'] = recruiter.body.id as string;
  await post('/api/forms/consultation', {
    page: '/it-recruitment',
    captcha: 'off',
    data: { name: 'Kavya Menon', email: 'kavya@example.com', contact: '9876501234', lookingFor: 'Candidate' },
  });
  const recruiterCookie = (await post('/api/auth/login', { username: 'recruiter.axe', password })).cookie;
  await post('/api/users/complaints', { subject: 'Late payment', message: 'The invoice is overdue.', captcha: 'off' }, recruiterCookie);
  const [complaint] = await site.db.query<{ id: string }>('select id from complaints limit 1');
  detailIds['/admin/compliants/:id'] = complaint!.id;
}, 120_000);
afterAll(async () => {
  console.log(`axe (WCAG 2.2 A + AA): ${screensChecked} screens checked, ${violationsFound} violations`);
  await closePortalSite({ site, browser });
});

/**
 * What axe leaves to other tools (html-validate, its own best practices), checked on the page as shown, for WCAG
 * 1.3.1 and 2.4.6: one h1 in main, no heading level skipped on the way down, no label whose `for` names nothing,
 * no fieldset without a legend.
 */
function structureProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const visible = (el: Element) => !el.closest('[hidden], [aria-hidden="true"], dialog:not([open])');
    const h1s = [...document.querySelectorAll('main h1')].filter(visible);
    if (h1s.length !== 1) problems.push(`page-h1: ${h1s.length} h1 in main`);
    let level = 0;
    for (const heading of [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter(visible)) {
      const next = Number(heading.tagName[1]);
      if (level && next > level + 1) problems.push(`heading-skip: h${level} then h${next} "${heading.textContent?.trim().slice(0, 40)}"`);
      level = next;
    }
    for (const label of document.querySelectorAll('label[for]')) {
      const target = label.getAttribute('for')!;
      if (!document.getElementById(target)) problems.push(`label-for: for="${target}" names no element`);
    }
    // A fieldset without a group's role (the server-rendered portal's container) groups nothing to name.
    for (const fieldset of [...document.querySelectorAll('fieldset:not([role="none"])')].filter(visible)) {
      if (!fieldset.querySelector(':scope > legend')) problems.push(`fieldset-legend: ${fieldset.className || 'fieldset'} has none`);
    }
    return problems;
  });
}

/** Runs axe on what the page shows now and adds its violations, under the screen's name, to `found`. */
async function check(page: Page, screen: string, found: Record<string, string[]>) {
  const violations = [...(await accessibilityViolations(page)), ...(await structureProblems(page))];
  screensChecked++;
  violationsFound += violations.length;
  if (violations.length) found[screen] = violations;
}

async function open(page: Page, route: string) {
  await page.goto(route);
  await hydrated(page);
  await page.locator('main h1').first().waitFor();
}

const publicRoutes = [...sourcePages().routes().keys(), ...appRoutes.filter((r) => !r.protected).map((r) => r.path)];

describe('axe finds no WCAG 2.2 AA violation', () => {
  // The two widths run side by side, each in a browser context of its own: axe's work is most of the time.
  it.concurrent.each([1366, 390])(
    'on every public route at %i px',
    async (width) => {
      const { page, context } = await visit(browser, site.url, { width });
      const found: Record<string, string[]> = {};
      for (const template of publicRoutes) {
        // Blogs need a post to open; the list stands for them.
        if (template === '/blogs/:blogTitle') continue;
        const route = template.replace(':id', detailIds['/job-openings/:id']!);
        await open(page, route);
        await check(page, route, found);
      }
      expect(found).toEqual({});
      await context.close();
    },
    // Some 35 routes, each opened and checked: minutes on a busy two-core machine.
    480_000,
  );

  it('with the announcement, Contact Us, franchise application popups and the mobile menu open', async () => {
    const found: Record<string, string[]> = {};
    const first = await visit(browser, site.url, { announcementSeen: false });
    await open(first.page, '/');
    await first.page.getByRole('dialog').waitFor();
    await check(first.page, '/ with the announcement', found);
    await first.context.close();

    const { page, context } = await visit(browser, site.url);
    await open(page, '/');
    await page.locator('.sticky-contact').click();
    await page.getByRole('dialog').locator('form').waitFor();
    await check(page, '/ with Contact Us', found);
    await open(page, '/franchise');
    await page.getByRole('button', { name: 'Apply for Franchise' }).first().click();
    await page.getByRole('dialog').locator('form').waitFor();
    await check(page, '/franchise with the franchise application', found);
    await context.close();

    const phone = await visit(browser, site.url, { width: 390 });
    await open(phone.page, '/');
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    await check(phone.page, '/ at 390 px with the mobile menu', found);
    await phone.context.close();
    expect(found).toEqual({});
  }, 120_000);

  // Each role in its own browser context, side by side: much of a portal screen's time is waiting for its data. Staff
  // work on phones: at 360 px, the narrowest common one, nothing may be wider than the screen either.
  it.concurrent.each(ROLES.flatMap((role) => [1366, 360].map((width) => [role, width] as const)))(
    'on every portal screen %s may open, and in the complaint popup, at %i px',
    async (role, width) => {
      const { page, context } = await visit(browser, site.url, { width });
      await signIn(context, site.url, `${role.toLowerCase()}.axe`, password);
      const found: Record<string, string[]> = {};
      const checkScreen = async (screen: string) => {
        await check(page, screen, found);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        if (wide > width) found[screen] = [...(found[screen] ?? []), `scrolls sideways: ${wide} px wide`];
        // On a phone every control is big enough for a finger.
        const small = width < 400 ? await smallTapTargets(page) : [];
        if (small.length) found[screen] = [...(found[screen] ?? []), ...small.map((target) => `tap target under 44 px: ${target}`)];
      };
      const screens = appRoutes.filter((r) => r.protected && mayOpen(r, { loggedIn: true, role }) === 'yes');
      for (const screen of screens) {
        const route = screen.path.replace(':id', detailIds[screen.path] ?? ':id').replace(':candidateId', candidateId);
        await page.goto(route);
        await hydrated(page);
        await page.locator('main h1').first().waitFor();
        // Lists and details load their data after the first paint.
        await page.waitForLoadState('networkidle');
        await checkScreen(route);
        // A lead opens in place of the list: the newest in the admin's inbox, the first of the BDE's To do.
        if (route === '/view-forms' || (route === '/bde-portal' && role === 'BDE')) {
          await page.locator('.leads-open').first().click();
          await page.getByRole('region', { name: 'Lead details' }).getByRole('heading', { level: 2 }).first().waitFor();
          await page.waitForLoadState('networkidle');
          await checkScreen(`${route}, a lead`);
        }
      }
      const complaint = page.getByRole('button', { name: 'Complaint', exact: true }).first();
      if (await complaint.count()) {
        await complaint.click();
        await page.getByRole('dialog').locator('form').waitFor();
        await checkScreen(`${screens.at(-1)?.path} with the complaint popup`);
      }
      expect(found).toEqual({});
      await context.close();
    },
    180_000,
  );

  it('and does report an unlabeled field, and the page checks what they are for', async () => {
    const { page, context } = await visit(browser, site.url);
    await open(page, '/about');
    await page.locator('main').evaluate((main) => main.insertAdjacentHTML('afterbegin', '<input type="text" id="unlabeled">'));
    const violations = await accessibilityViolations(page);
    expect(violations.some((v) => v.startsWith('label ') && v.includes('#unlabeled'))).toBe(true);
    // And the page checks: a label for nothing, a skipped heading level, a second h1.
    await page
      .locator('main')
      .evaluate((main) => main.insertAdjacentHTML('beforeend', '<h1>Twice</h1><h3>Skipped</h3><label for="nothing">Lost</label>'));
    const problems = await structureProblems(page);
    expect(problems).toEqual(
      expect.arrayContaining(['page-h1: 2 h1 in main', 'heading-skip: h1 then h3 "Skipped"', 'label-for: for="nothing" names no element']),
    );
    await context.close();
  });
});
