import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUser } from '../../src/server/users/store';
import { indiaDatePlus } from '../../src/shared/india-time';
import { jobRequestSubmission, reviewedJob } from '../support/published-job';
import { accessibilityViolations, closePortalSite, hydrated, postJson, signIn, type Site, startPortalSite, visit } from './harness';

// A recruiter's day on a 390 px phone: a job's pipeline, moving candidates, one candidate's history, a joining and
// its placement, and the placements report, with a real server and Chromium.
let site: Site;
let browser: Browser;
let jobId = '';
const password = 'correct horse battery';

const post = (path: string, body: unknown, cookie = '') => postJson(site.url, path, body, cookie);

beforeAll(async () => {
  ({ site, browser } = await startPortalSite());
  await createUser(site.db, { username: 'asha.admin', password, role: 'ADMIN', fullName: 'Asha Rao' });
  const admin = (await post('/api/auth/login', { username: 'asha.admin', password })).cookie;
  const request = await post('/api/forms/job-posting', jobRequestSubmission);
  jobId = ((await post(`/api/job-requests/${request.body.id}/publish`, reviewedJob, admin)).body.job as { id: string }).id;
  for (const [name, email, phone] of [
    ['Ravi Patil', 'ravi@example.com', '9123456780'],
    ['Meena Joshi', 'meena@example.com', '9123456781'],
    ['Karan Shah', 'karan@example.com', '9123456782'],
  ] as const)
    await post(`/api/jobs/public/${jobId}/applications`, { data: { name, email, phone }, captcha: 'off' });
  await post('/api/forms/city-registration', {
    page: '/franchise/hyderabad',
    captcha: 'off',
    data: { name: 'Sana Sheikh', email: 'sana@example.com', phone: '9000011111', role: 'jobseeker', city: 'Hyderabad' },
  });
}, 120_000);
afterAll(() => closePortalSite({ site, browser }));

/** Nothing on the screen is wider than the phone, and axe finds nothing. */
async function fitsAndPasses(page: Page) {
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await accessibilityViolations(page)).toEqual([]);
}

describe("a job's pipeline on a phone", () => {
  it('moves two applicants at once, then one through an interview to joining, and the report counts the placement', async () => {
    const { page, context, problems } = await visit(browser, site.url, { width: 390, height: 844 });
    await signIn(context, site.url, 'asha.admin', password);
    await page.goto(`/jobs/${jobId}`);
    await hydrated(page);
    const stages = page.getByRole('navigation', { name: 'Stages' });
    await stages.getByRole('button', { name: 'Applied 3' }).waitFor();
    await fitsAndPasses(page);

    // Two ticked, moved to the next stage together.
    await page.getByRole('checkbox', { name: 'Select Meena Joshi' }).check();
    await page.getByRole('checkbox', { name: 'Select Ravi Patil' }).check();
    await page.getByRole('heading', { name: 'Move 2 candidates' }).waitFor();
    await page.getByRole('button', { name: 'Move to Screened' }).click();
    await stages.getByRole('button', { name: 'Screened 2' }).waitFor();
    await stages.getByRole('button', { name: 'Applied 1' }).waitFor();
    // The stage's tab shows only its candidates.
    await stages.getByRole('button', { name: 'Screened 2' }).click();
    await expect.poll(() => page.getByRole('checkbox').count()).toBe(2);

    // A registration from the Pune page added as a candidate.
    await page.getByLabel('A registration or lead: name, phone or e-mail').fill('Sana');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: 'Add Sana Sheikh' }).click();
    await page.getByText('Sana Sheikh added at Applied.').waitFor();
    await stages.getByRole('button', { name: 'All 4' }).waitFor();

    // One candidate: an interview, a note, an offer, then joining with the placement.
    await page.getByRole('link', { name: 'Ravi Patil' }).click();
    await page.getByRole('heading', { name: 'Ravi Patil', level: 1 }).waitFor();
    await expect(page.getByRole('link', { name: /^Call/ }).getAttribute('href')).resolves.toBe('tel:+919123456780');
    await page.getByLabel('To stage').selectOption({ label: 'Interview' });
    await page.getByLabel('Interview (India time)').fill(`${indiaDatePlus(2)}T11:00`);
    await page.getByRole('button', { name: 'Move to Interview' }).click();
    await page.getByText('Moved to Interview.').waitFor();
    await page.getByLabel('Add a note').fill('Strong in Tally; notice period 30 days.');
    await page.getByRole('button', { name: 'Add note' }).click();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Asha Rao: Strong in Tally; notice period 30 days.').waitFor();
    await history.getByText(/Asha Rao moved them from Screened to Interview, for /).waitFor();
    await fitsAndPasses(page);

    await page.getByLabel('To stage').selectOption({ label: 'Offered' });
    await page.getByRole('button', { name: 'Move to Offered' }).click();
    await page.getByText('Moved to Offered.').waitFor();
    // Joined is offered next, and asks for the placement.
    await expect(page.getByLabel('To stage').inputValue()).resolves.toBe('joined');
    await page.getByLabel('Joining date').fill(indiaDatePlus(7));
    await page.getByLabel('CTC (₹ a year)').fill('5,00,000');
    await page.getByLabel('Fee type').selectOption({ label: 'Share of CTC' });
    await page.getByLabel('Share of CTC (%)').fill('8.33');
    await expect(page.getByLabel('Fee (₹)').inputValue()).resolves.toBe('41650');
    await page.getByLabel('Franchise city').fill('Pune');
    await fitsAndPasses(page);
    await page.getByRole('button', { name: 'Move to Joined' }).click();
    const placement = page.getByRole('region', { name: 'Placement' });
    await placement.getByText('₹41,650 (Share of CTC)').waitFor();

    await page.goto('/admin/placements');
    const commission = page.getByRole('region', { name: 'Franchise commission' });
    // Pune keeps 50% of a share-of-CTC fee of ₹41,650.
    await commission.getByText('₹20,825').waitFor();
    await page.getByText('Median time to join').waitFor();
    await fitsAndPasses(page);
    expect(problems).toEqual([]);
    await context.close();
  });
});
