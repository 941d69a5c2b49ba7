import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { createUser } from '../../src/server/users/store';
import { jobRequestSubmission, reviewedJob } from '../support/published-job';
import { closePortalSite, hydrated, signIn, type Site, startPortalSite, startSite, visit, VISITOR_NAV } from './harness';

// The site by keys alone: dialogs keep focus and close on Escape, menus close on Escape, the hero carousel pauses,
// a failed submit leads from an error summary to each field, and focus follows a change of page and comes back.
let site: Site;
let browser: Browser;
const password = 'correct horse battery';
/** The opening the navigation tests follow from /job-openings. */
let jobId = '';

async function post(path: string, body: unknown, cookie = '') {
  const response = await fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  return { body: (await response.json()) as Record<string, unknown>, cookie: cookies.join('; ') };
}

beforeAll(async () => {
  ({ site, browser } = await startPortalSite());
  await createUser(site.db, { username: 'keys.admin', password, role: 'ADMIN', fullName: 'Keys Admin' });
  await createUser(site.db, { username: 'keys.recruiter', password, role: 'RECRUITER', fullName: 'Keys Recruiter' });
  const admin = (await post('/api/auth/login', { username: 'keys.admin', password })).cookie;
  const request = await post('/api/forms/job-posting', jobRequestSubmission);
  const published = await post(`/api/job-requests/${request.body.id as string}/publish`, reviewedJob, admin);
  jobId = (published.body.job as { id: string }).id;
});
afterAll(() => closePortalSite({ site, browser }));

async function open(page: Page, route: string) {
  await page.goto(route);
  await hydrated(page);
}

/** What has focus: its tag, id, accessible-ish name, and whether it sits inside an open dialog. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      id: el?.id ?? '',
      name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().slice(0, 60),
      inDialog: !!el?.closest('dialog[open]'),
    };
  });
}

/**
 * Follows each link of an error summary by keyboard and expects it to land in its field, which is marked invalid and
 * described by the link's message; returns the messages.
 */
async function followSummary(page: Page, summary: Locator) {
  const links = summary.getByRole('link');
  const messages: string[] = [];
  for (let i = 0; i < (await links.count()); i++) {
    const link = links.nth(i);
    const message = (await link.textContent())!;
    messages.push(message);
    const fieldId = (await link.getAttribute('href'))!.slice(1);
    await link.focus();
    await page.keyboard.press('Enter');
    const field = await page.evaluate((id) => {
      const el = document.activeElement as HTMLElement;
      // The field's control, or its group (radios): marked invalid and described by its message.
      const marked = el.closest('[aria-invalid="true"]') ?? (el.getAttribute('aria-invalid') === 'true' ? el : null);
      const describedBy = (marked?.getAttribute('aria-describedby') ?? el.getAttribute('aria-describedby') ?? '').split(' ');
      const description = describedBy.map((d) => document.getElementById(d)?.textContent ?? '').join(' ');
      return { inField: el.id === id || !!el.closest(`[id="${id}"]`), invalid: !!marked, description };
    }, fieldId);
    expect(field, message).toEqual({ inField: true, invalid: true, description: expect.stringContaining(message) });
  }
  return messages;
}

/** Presses the opener with Enter, tabs forwards and backwards past both ends, then closes with Escape. */
async function driveDialog(page: Page, opener: Locator | null) {
  if (opener) {
    await opener.focus();
    await page.keyboard.press('Enter');
  }
  const dialog = page.locator('dialog[open]');
  await dialog.waitFor();
  expect((await focused(page)).inDialog).toBe(true);
  const stops = await dialog.evaluate(
    (d) => d.querySelectorAll('a[href], button:not([disabled]), input:not([type="hidden"]), select, textarea, iframe').length,
  );
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < stops + 3; i++) {
      await page.keyboard.press(key);
      const now = await focused(page);
      expect(now.inDialog, `${key} ×${i + 1} reached ${now.tag} "${now.name}"`).toBe(true);
    }
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  if (opener) expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
}

describe('by keyboard alone', () => {
  it('each dialog keeps Tab inside, closes on Escape and gives focus back to its opener', async () => {
    const first = await visit(browser, site.url, { announcementSeen: false });
    await open(first.page, '/');
    await driveDialog(first.page, null);
    await first.context.close();

    const { page, context } = await visit(browser, site.url);
    await open(page, '/');
    await driveDialog(page, page.locator('.sticky-contact'));
    await open(page, '/franchise');
    await driveDialog(page, page.getByRole('button', { name: 'Apply for Franchise' }).first());

    await signIn(context, site.url, 'keys.recruiter', password);
    await open(page, '/jobs');
    await driveDialog(page, page.getByRole('button', { name: 'Complaint', exact: true }).first());
    await context.close();

    const admin = await visit(browser, site.url);
    await signIn(admin.context, site.url, 'keys.admin', password);
    await open(admin.page, '/admin/users');
    await driveDialog(admin.page, admin.page.getByRole('button', { name: 'Edit' }).first());
    await admin.context.close();
  }, 120_000);

  it('Escape closes a navigation dropdown and the mobile menu, focus back on their button', async () => {
    const { page, context } = await visit(browser, site.url);
    await open(page, '/');
    const toggle = page.locator('.nav-bar .dropdown > button').first();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();

    const phone = await visit(browser, site.url, { width: 390 });
    await open(phone.page, '/');
    const menu = phone.page.getByRole('button', { name: 'Open menu' });
    await menu.focus();
    await phone.page.keyboard.press('Enter');
    await phone.page.locator('#mobile-menu').waitFor();
    await phone.page.keyboard.press('Tab');
    await phone.page.keyboard.press('Escape');
    await phone.page.locator('#mobile-menu').waitFor({ state: 'hidden' });
    expect((await focused(phone.page)).name).toBe('Open menu');
    await phone.context.close();
  });

  it("at 390 px, Tab past the open menu's last item closes it, so the control that takes focus is not under it", async () => {
    const { page, context } = await visit(browser, site.url, { width: 390, height: 844 });
    await open(page, '/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('#mobile-menu');
    await menu.waitFor();
    const inMenu = () => page.evaluate(() => !!document.activeElement?.closest('#mobile-menu'));
    await page.keyboard.press('Tab');
    expect(await inMenu()).toBe(true);
    // Through every item of the menu (its groups closed) while it stays open; one more Tab leaves it.
    let stops = 1;
    for (; stops <= VISITOR_NAV.length; stops++) {
      await page.keyboard.press('Tab');
      if (!(await inMenu())) break;
      expect(await menu.isVisible(), `Tab ×${stops + 1}`).toBe(true);
    }
    expect(stops).toBe(VISITOR_NAV.length);
    await menu.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // What has focus now shows: the point at its middle is the control itself, nothing lies over it.
    const uncovered = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { tag: el.tagName.toLowerCase(), uncovered: !!hit && (hit === el || el.contains(hit)) };
    });
    expect(uncovered).toEqual({ tag: expect.not.stringMatching(/^body$/), uncovered: true });

    // Shift+Tab from the first item goes back to the menu's button, and the menu stays open.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).name).toBe('Close menu');
    expect(await menu.isVisible()).toBe(true);
    await context.close();
  });

  it('a refused login marks both fields invalid and ties them to the message', async () => {
    const { page, context } = await visit(browser, site.url);
    await open(page, '/login');
    const fields = [page.getByLabel('Username'), page.getByLabel('Password')];
    const marked = () =>
      Promise.all(
        fields.map((field) =>
          field.evaluate((el) => {
            const message = (attribute: string) =>
              (el.getAttribute(attribute) ?? '')
                .split(' ')
                .map((id) => document.getElementById(id)?.textContent ?? '')
                .join(' ')
                .trim();
            return {
              invalid: el.getAttribute('aria-invalid'),
              describedBy: message('aria-describedby'),
              errorMessage: message('aria-errormessage'),
            };
          }),
        ),
      );
    expect(await marked()).toEqual(fields.map(() => ({ invalid: null, describedBy: '', errorMessage: '' })));

    // Nothing typed: the form says what it needs.
    await page.getByRole('button', { name: 'Log in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const empty = (await alert.textContent())!;
    expect(await marked()).toEqual(fields.map(() => ({ invalid: 'true', describedBy: empty, errorMessage: empty })));

    // A wrong password, by keyboard: the server's refusal replaces it, on both fields.
    await fields[0]!.focus();
    await page.keyboard.type('keys.admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('not the password');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await alert.textContent()) !== empty).toBe(true);
    const refused = (await alert.textContent())!;
    expect(await marked()).toEqual(fields.map(() => ({ invalid: 'true', describedBy: refused, errorMessage: refused })));

    // Signing in with the right password clears the marks on the way.
    await fields[1]!.fill(password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin');
    await context.close();
  });

  it('pauses the hero carousel with its pause button, and it stays on its slide after focus leaves', async () => {
    const { page, context } = await visit(browser, site.url);
    await open(page, '/');
    await page.mouse.move(0, 0);
    const pause = page.getByRole('button', { name: 'Pause slides' });
    for (let i = 0; i < 60 && (await focused(page)).name !== 'Pause slides'; i++) await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Pause slides');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Play slides' }).waitFor();
    expect(await pause.count()).toBe(0);
    const current = () => page.locator('.hero-dots [aria-current]').getAttribute('aria-label');
    const shown = await current();
    // Focus leaves the carousel, so only the button holds it still: longer than a slide's 3 s and its 0.6 s move.
    const inCarousel = () => page.evaluate(() => !!document.activeElement?.closest('.hero-carousel'));
    for (let i = 0; i < 12 && (await inCarousel()); i++) await page.keyboard.press('Shift+Tab');
    expect(await inCarousel()).toBe(false);
    await page.waitForTimeout(4200);
    expect(await current()).toBe(shown);
    await context.close();
  });

  it('in the complaint popup an empty submit focuses the error summary, whose links lead to the fields', async () => {
    const { page, context } = await visit(browser, site.url);
    await signIn(context, site.url, 'keys.recruiter', password);
    await open(page, '/jobs');
    await page.getByRole('button', { name: 'Complaint', exact: true }).first().click();
    const dialog = page.locator('dialog[open]');
    await dialog.getByRole('button', { name: 'Submit' }).focus();
    await page.keyboard.press('Enter');
    const summary = dialog.locator('.error-summary');
    await summary.waitFor();
    expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
    await summary.getByRole('link', { name: 'Message is required' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).getAttribute('aria-invalid'))).toBe('true');
    expect((await focused(page)).tag).toBe('textarea');
    await context.close();
  });

  it.each([
    ['/it-recruitment', 'the consultation form', '.form-consultation'],
    ['/franchise/surat', 'the Surat lead form', '.form-city-lead'],
  ])('on %s an empty submit of %s leads from the error summary to each field', async (route, _name, formSelector) => {
    const { page, context } = await visit(browser, site.url);
    await open(page, route);
    const form = page.locator(formSelector);
    await form.locator('button[type="submit"]').focus();
    await page.keyboard.press('Enter');
    const summary = form.locator('.error-summary');
    await summary.waitFor();
    expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await followSummary(page, summary)).length).toBeGreaterThan(1);
    await context.close();
  });

  it('after a successful submit on /franchise/surat focus stays in the form, which the success toast announces', async () => {
    const { page, context } = await visit(browser, site.url);
    await open(page, '/franchise/surat');
    const form = page.locator('.form-city-lead');
    await form.getByLabel(/^Full Name/).fill('Asha Rao');
    await form.getByLabel(/^Phone/).fill('9876543210');
    await form.getByLabel(/^Email/).fill('asha.rao@example.com');
    await form.locator('select').first().selectOption({ index: 1 });
    await form.locator('textarea').first().fill('Looking for an accounts role in Surat.');
    await form.locator('button[type="submit"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('.Toastify [role="alert"]').getByText('Your form is submitted successfully').waitFor();
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.form-card'))).toBe(true);
    await context.close();
  });

  it('a visitor following a link from a server-rendered route gets the next page whole, as from any public page', async () => {
    const { page, context } = await visit(browser, site.url);
    await open(page, '/login');
    expect((await focused(page)).tag).toBe('body');
    const nav = page.locator('.nav-bar').getByRole('link', { name: 'Job Openings' });
    await nav.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/job-openings');
    await page.getByRole('heading', { level: 1, name: 'Job Openings' }).waitFor();
    expect(await page.title()).toContain('Job Openings');
    // A new document: the browser announces it and starts at its top, as for every page of the site.
    expect((await focused(page)).tag).toBe('body');
    await context.close();
  });

  it('in the app, a change of page moves focus to its h1, and Back returns it to the link that was followed', async () => {
    const { page, context } = await visit(browser, site.url);
    await signIn(context, site.url, 'keys.admin', password);
    await open(page, '/admin');
    // The first load leaves focus where the browser puts it.
    expect((await focused(page)).tag).toBe('body');
    const nav = page.locator('.nav-bar').getByRole('link', { name: 'Jobs', exact: true });
    await nav.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/jobs');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', name: 'Jobs' });
    expect(await page.title()).toContain('Jobs');

    const jobLink = page.getByRole('link', { name: reviewedJob.title, exact: true });
    await jobLink.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/jobs/${jobId}`);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', name: reviewedJob.title });
    expect(await page.title()).toContain(reviewedJob.title);

    await page.goBack();
    await page.waitForURL('**/jobs');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'a', name: reviewedJob.title });
    expect(await jobLink.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.goForward();
    await page.waitForURL(`**/jobs/${jobId}`);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', name: reviewedJob.title });
    await context.close();
  });

  it('opening a lead in /view-forms moves focus into it, and closing it gives focus back to its name', async () => {
    await post('/api/forms/consultation', {
      page: '/it-recruitment',
      captcha: 'off',
      data: { name: 'Meera Iyer', email: 'meera@example.com', contact: '9876504321', lookingFor: 'Candidate' },
    });
    const { page, context } = await visit(browser, site.url);
    await signIn(context, site.url, 'keys.admin', password);
    await open(page, '/view-forms');
    const name = page.getByRole('button', { name: 'Meera Iyer' });
    const inDetail = () => page.evaluate(() => !!document.activeElement?.closest('.leads-detail'));
    const onName = () => name.evaluate((el) => el === document.activeElement);

    await name.focus();
    await page.keyboard.press('Enter');
    await page.locator('.leads-detail h2', { hasText: 'Meera Iyer' }).waitFor();
    // The router renders the lead in a transition, so the focus lands just after its heading shows.
    await expect.poll(inDetail).toBe(true);
    await page.getByRole('button', { name: '← Back to the list' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(onName).toBe(true);

    // The browser's Back closes the lead too.
    await page.keyboard.press('Enter');
    await page.locator('.leads-detail h2', { hasText: 'Meera Iyer' }).waitFor();
    await expect.poll(inDetail).toBe(true);
    await page.goBack();
    await expect.poll(onName).toBe(true);
    await context.close();
  });
});

describe('with the captcha on', () => {
  let captchaSite: Site | undefined;
  beforeAll(async () => {
    captchaSite = await startSite({ config: { formsPerMinute: 1000, outboxIntervalMs: 0 } });
  });
  afterAll(() => captchaSite?.close());

  it('an unsolved captcha is in the error summary, whose link leads to its checkbox', async () => {
    const { page, context } = await visit(browser, captchaSite!.url);
    // No challenge reaches the widget, so the check stays unsolved however long the test takes.
    await page.route('**/api/captcha/challenge', (route) => route.abort());
    await open(page, '/franchise/surat');
    const form = page.locator('.form-city-lead');
    // The form's code (captcha included) loads as the form comes near the viewport, as a visitor scrolls to it.
    await form.scrollIntoViewIfNeeded();
    await form.getByRole('checkbox', { name: "I'm not a robot" }).waitFor();
    await form.locator('button[type="submit"]').focus();
    await page.keyboard.press('Enter');
    const summary = form.locator('.error-summary');
    await summary.getByRole('link', { name: 'Please verify the captcha' }).waitFor();
    expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await followSummary(page, summary)).toContain('Please verify the captcha');
    expect((await focused(page)).tag).toBe('input');

    // The fields filled in, only the captcha is left: the summary says so and takes focus.
    await form.getByLabel(/^Full Name/).fill('Asha Rao');
    await form.getByLabel(/^Phone/).fill('9876543210');
    await form.getByLabel(/^Email/).fill('asha.rao@example.com');
    await form.locator('select').first().selectOption({ index: 1 });
    await form.locator('textarea').first().fill('Looking for an accounts role in Surat.');
    await form.locator('button[type="submit"]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => summary.getByRole('link').allTextContents()).toEqual(['Please verify the captcha']);
    expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await followSummary(page, summary)).toEqual(['Please verify the captcha']);
    await context.close();
  });
});
