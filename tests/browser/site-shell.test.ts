import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createUser } from '../../src/server/users/store';
import { hydrated, launchChromium, startSite, visit, VISITOR_NAV } from './harness';

let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** The navigation as a visitor, a role's cookies, or (signedIn) a session the server knows, sees it. */
async function navLabels(role?: string, signedIn?: { username: string; password: string }) {
  const { page, context } = await visit(browser, site.url, { role: signedIn ? undefined : role });
  if (signedIn) expect((await context.request.post('/api/auth/login', { data: signedIn })).status()).toBe(200);
  await page.goto('/');
  await hydrated(page);
  await page.waitForTimeout(100);
  const labels = await page
    .locator('.nav-bar .nav-list > li')
    .evaluateAll((items) => items.map((li) => li.querySelector('.nav-link')!.textContent!.trim()));
  const strip = await page.locator('.tagline-strip').count();
  const contact = await page.locator('.sticky-contact').count();
  await context.close();
  return { labels, strip, contact };
}

describe('navigation bar', () => {
  it('shows a visitor the menus, job openings, free job posting, apply and login, with the strip and contact button', async () => {
    const { labels, strip, contact } = await navLabels();
    expect(labels).toEqual(VISITOR_NAV);
    expect(strip).toBe(1);
    expect(contact).toBe(1);
  });

  it('shows ADMIN its dashboard, jobs, free job posting and logout, no complaint, no strip', async () => {
    const { labels, strip, contact } = await navLabels('ADMIN');
    expect(labels).toEqual(['Home', 'Dashboard', 'Press Release', 'Jobs', 'Free Job Posting', 'Logout']);
    expect(strip).toBe(0);
    expect(contact).toBe(0);
  });

  it.each(['BDE', 'FBDE'])('hides free job posting from %s, and shows them their To do list', async (role) => {
    // A session the server knows: the To do link asks the server how many leads are due, and an unknown token would
    // end the session in the tab.
    const signedIn = { username: `shell.${role.toLowerCase()}`, password: 'correct horse battery' };
    await createUser(site.db, { ...signedIn, role, ...(role === 'FBDE' ? { city: 'Surat' } : {}) });
    expect((await navLabels(role, signedIn)).labels).toEqual(['Home', 'To do', 'Press Release', 'Jobs', 'Complaint', 'Logout']);
  });

  it('shows MARKETING its pages, where it starts', async () => {
    expect((await navLabels('MARKETING')).labels).toEqual(['Home', 'Pages', 'Press Release', 'Free Job Posting', 'Logout']);
  });

  it('ends staff screens with the copyright line alone, and public pages with the whole footer', async () => {
    const { page, context } = await visit(browser, site.url);
    const footer = page.locator('footer.site-footer');
    for (const [path, marketing] of [
      ['/login', false],
      ['/about', true],
    ] as const) {
      await page.goto(path);
      await hydrated(page);
      await footer.getByText(/©/).waitFor();
      expect(await footer.getByRole('heading', { name: 'Get the App' }).count()).toBe(marketing ? 1 : 0);
      expect(await footer.getByRole('navigation', { name: 'Jobs by location' }).count()).toBe(marketing ? 1 : 0);
    }
    await context.close();
  });

  it('shows a RECRUITER free job posting and complaint', async () => {
    expect((await navLabels('RECRUITER')).labels).toEqual(['Home', 'Press Release', 'Jobs', 'Free Job Posting', 'Complaint', 'Logout']);
  });

  it('logs out: the session cookies go and the visitor lands home', async () => {
    const { page, context } = await visit(browser, site.url, { role: 'RECRUITER' });
    await page.goto('/about');
    await hydrated(page);
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL((u) => u.pathname === '/');
    const names = (await context.cookies()).map((c) => c.name);
    expect(names.filter((n) => n !== 'jwt_token')).toEqual([]);
    await context.close();
  });

  it('keeps every item of the desktop bar whole with WCAG text spacing (1.4.12) at 1024 to 1366 px', async () => {
    // The spacing a visitor's own style sheet may set, as WCAG 1.4.12 states it.
    const textSpacing = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
      p { margin-bottom: 2em !important; }`;
    for (const width of [1024, 1100, 1200, 1280, 1366]) {
      const { page, context } = await visit(browser, site.url, { width, height: 800 });
      await page.goto('/');
      await page.addStyleTag({ content: textSpacing });
      const layout = await page.evaluate(() => {
        const header = document.querySelector<HTMLElement>('.site-header')!;
        const brand = document.querySelector('.site-header .brand')!.getBoundingClientRect();
        const items = [...document.querySelectorAll<HTMLElement>('.nav-bar .nav-list > li > :is(a, button), .nav-bar .dropdown > button')];
        return {
          headerScrolls: header.scrollWidth > header.clientWidth,
          outside: items.filter((el) => {
            const box = el.getBoundingClientRect();
            return box.left < brand.right || box.right > innerWidth || el.scrollWidth > el.clientWidth;
          }),
          labels: items.map((el) => el.textContent!.trim()),
        };
      });
      expect(layout.labels, `${width} px`).toEqual(VISITOR_NAV);
      expect({ headerScrolls: layout.headerScrolls, outside: layout.outside.length }, `${width} px`).toEqual({
        headerScrolls: false,
        outside: 0,
      });
      // Login, the last item, is whole on screen: reached with Tab from Apply as a Recruiter, nothing cut off.
      const login = page.locator('.nav-bar').getByRole('link', { name: 'Login' });
      await page.locator('.nav-bar').getByRole('link', { name: 'Apply as a Recruiter' }).focus();
      await page.keyboard.press('Tab');
      expect(await login.evaluate((el) => el === document.activeElement)).toBe(true);
      const box = (await login.boundingBox())!;
      expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);
      expect(await login.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await context.close();
    }
  });

  it('opens a mobile menu with the same items on a phone', async () => {
    const { page, context } = await visit(browser, site.url, { width: 390, height: 800 });
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('.nav-bar').isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const labels = await page
      .locator('#mobile-menu > ul > li')
      .evaluateAll((items) => items.map((li) => li.querySelector('a, summary, button')!.textContent!.trim()));
    expect(labels).toEqual(VISITOR_NAV);
    await page.locator('#mobile-menu').getByText('Company').click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'About Us' }).click();
    await page.locator('#mobile-menu').waitFor({ state: 'hidden' });
    await page.waitForURL('**/about');
    await context.close();
  });
});

describe('overlays', () => {
  it('shows the announcement on a first visit until closed, then never again', async () => {
    const { page, context } = await visit(browser, site.url, { announcementSeen: false });
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: /12 million investment/ });
    await dialog.waitFor();
    await expect(dialog.getByRole('link', { name: 'Read More' }).getAttribute('href')).resolves.toBe('/press-release');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog.count()).resolves.toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('investmentPopupShown'))).toBe('true');
    await page.reload();
    await hydrated(page);
    await page.waitForTimeout(300);
    await expect(dialog.count()).resolves.toBe(0);
    await context.close();
  });

  it('shows go-to-top only after 100 px of scroll, and it goes to the top', async () => {
    const { page, context } = await visit(browser, site.url);
    await page.goto('/franchise');
    await hydrated(page);
    const button = page.getByRole('button', { name: 'Go to top' });
    await page.evaluate(() => window.scrollTo(0, 90));
    await page.waitForTimeout(200);
    await expect(button.count()).resolves.toBe(0);
    await page.evaluate(() => window.scrollTo(0, 101));
    await button.waitFor();
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await context.close();
  });

  it('opens the contact popup and checks its fields in the spec order', async () => {
    const { page, context } = await visit(browser, site.url);
    await page.goto('/about');
    await hydrated(page);
    await page.locator('.sticky-contact').click();
    const dialog = page.getByRole('dialog', { name: 'Contact Us' });
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    const messages = await dialog.locator('.error-detail li').allTextContents();
    expect(messages).toEqual([
      'Name is required',
      'Enter a valid email address',
      'Enter a valid 10 digit phone number',
      'Subject is required',
      'Message is required',
    ]);
    await dialog.getByLabel('Full Name').fill('  ');
    await dialog.getByLabel('Email').fill('asha@example');
    await dialog.getByLabel('Phone Number').fill('98765');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    expect(await dialog.locator('.error-detail li').allTextContents()).toEqual(messages);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog.count()).resolves.toBe(0);
    await context.close();
  });
});

describe('routing', () => {
  it('sends a visitor without a session from a protected route to /', async () => {
    const { page, context } = await visit(browser, site.url);
    await page.goto('/admin/users');
    expect(new URL(page.url()).pathname).toBe('/');
    // In the app too, when the address changes without a page load (public pages load whole; the app's routes do not).
    await page.goto('/login');
    await hydrated(page);
    await page.evaluate(() => {
      history.pushState({}, '', '/bde-portal');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('lets a visitor with a session into a protected route', async () => {
    // A session the server knows: with an unknown token the screen's first API call ends the session in the tab.
    await createUser(site.db, { username: 'shell.admin', password: 'correct horse battery', role: 'ADMIN' });
    const { page, context } = await visit(browser, site.url);
    const login = await context.request.post('/api/auth/login', { data: { username: 'shell.admin', password: 'correct horse battery' } });
    expect(login.status()).toBe(200);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    await context.close();
  });

  it('shows the not-found page for an unknown path, with status 404 and no console errors', async () => {
    const { page, context, problems } = await visit(browser, site.url);
    const response = await page.goto('/careers/nowhere');
    expect(response!.status()).toBe(404);
    await hydrated(page);
    await page.getByRole('heading', { name: "We couldn't find that page" }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/not-found');
    // An unknown link inside the app goes there too (public pages have no router: their links load the page whole).
    await page.goto('/login');
    await hydrated(page);
    await page.evaluate(() => {
      history.pushState({}, '', '/nothing-here');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL('**/not-found');
    // The browser itself notes the 404 of the document, which is the answer wanted here.
    expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
    await context.close();
  });

  it('sets the meta tags of a page and restores them on leaving', async () => {
    const { page, context } = await visit(browser, site.url);
    await page.goto('/about');
    await hydrated(page);
    const before = await page.evaluate(() => [document.title, document.querySelector('meta[name="subject"]')!.getAttribute('content')]);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Franchise' }).click();
    await page.waitForURL('**/franchise');
    await page.waitForFunction((t) => document.title !== t, before[0]);
    expect(await page.title()).toContain('Franchise');
    await page.goBack();
    await page.waitForFunction((t) => document.title === t, before[0]);
    expect(await page.evaluate(() => document.querySelector('meta[name="subject"]')!.getAttribute('content'))).toBe(before[1]);
    await context.close();
  });
});
