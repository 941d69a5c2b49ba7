import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUser } from '../../src/server/users/store';
import { revokeUserSessions } from '../../src/server/auth/store';
import { hydrated, launchChromium, startSite, visit, VISITOR_NAV } from './harness';

// A session the server ends (revoked, or past its time) while the tab still holds the readable session cookies.
let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;
const password = 'correct horse battery';

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const navLabels = (page: Page) =>
  page.locator('.nav-bar .nav-list > li').evaluateAll((items) => items.map((li) => li.querySelector('.nav-link')!.textContent!.trim()));

/** A RECRUITER signed in through /login, reading /about with the navigation of a signed-in user. */
async function signedInOnAbout(username: string) {
  const { id } = await createUser(site.db, { username, password, role: 'RECRUITER', fullName: 'Rita Sen' });
  const visitor = await visit(browser, site.url);
  const { page } = visitor;
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/jobs');
  await page.goto('/about');
  await hydrated(page);
  // The page is prerendered for a visitor; its header island shows the session's navigation once it has hydrated.
  await expect.poll(() => navLabels(page)).toEqual(['Home', 'Press Release', 'Jobs', 'Free Job Posting', 'Complaint', 'Logout']);
  return { ...visitor, userId: id };
}

/** Opens Jobs from the navigation, without a page load: its API call is refused, and the tab forgets the session. */
async function openJobsAfterTheSessionEnded(page: Page) {
  const refused = page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 401);
  await page.locator('.nav-bar').getByRole('link', { name: 'Jobs' }).click();
  await refused;
  await page.waitForURL((u) => u.pathname === '/');
  await page.locator('.nav-bar').getByRole('link', { name: 'Login' }).waitFor();
  expect(await navLabels(page)).toEqual(VISITOR_NAV);
}

describe('when the server ends the session', () => {
  it('revoked: the next API call answers 401, the navigation is a visitor’s, the protected screen sends home, the cookies go', async () => {
    const { page, context, userId, problems } = await signedInOnAbout('rita.revoked');
    await revokeUserSessions(site.db, userId);
    await openJobsAfterTheSessionEnded(page);
    const readable = (await context.cookies()).filter((c) => !c.httpOnly).map((c) => c.name);
    expect(readable).toEqual([]);
    // The tab asks the server to end the session too, which removes the httpOnly jwt_token it cannot reach itself.
    await expect.poll(async () => (await context.cookies()).map((c) => c.name)).toEqual([]);
    // The sticky contact button and the tagline strip are a visitor's again.
    await page.locator('.sticky-contact').waitFor();
    // Jobs is no longer offered; typed in, the address sends the visitor home.
    await page.goto('/jobs');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(problems.filter((p) => !p.includes('status of 401'))).toEqual([]);
    await context.close();
  });

  it('expired: the same, for a session past its time', async () => {
    const { page, context, userId } = await signedInOnAbout('rita.expired');
    await site.db.query(`update sessions set expires_at = now() - interval '1 minute' where user_id = $1`, [userId]);
    await openJobsAfterTheSessionEnded(page);
    expect((await context.cookies()).filter((c) => !c.httpOnly).map((c) => c.name)).toEqual([]);
    await context.close();
  });

  it('a failed sign-in of a visitor changes nothing', async () => {
    const { page, context } = await visit(browser, site.url);
    await page.goto('/login');
    await hydrated(page);
    await page.getByLabel('Username').fill('nobody.here');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('The username or password is not correct.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await navLabels(page)).toEqual(VISITOR_NAV);
    await context.close();
  });
});
