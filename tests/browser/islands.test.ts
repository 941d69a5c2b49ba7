import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launchChromium, startSite, visit } from './harness';
import { distDir } from '../support/test-server';
import { jsBytesNamedBy } from '../../src/build/html-js-bytes';

// Public pages are islands: their HTML names a small loader, and each interactive part loads its own code when it
// is near the viewport, idle or touched. The form code (rjsf, validators, captcha) comes only when a form is needed.
const BUDGET_BYTES = 60 * 1024;
const clientDir = join(distDir, 'client');

let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ config: { captcha: 'off', formsPerMinute: 100 } }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** The build's form code: the renderer with rjsf, the captcha, each form's definition and compiled validator. */
function formCodeFiles(): Set<string> {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const formCode =
    /^(src\/forms\/form-view\.tsx|src\/forms\/captcha\/|_captcha-field|_validationDataMerge|node_modules\/@rjsf\/|pages\/forms\/|src\/shared\/generated\/validators\/)/;
  return new Set(
    Object.entries(manifest)
      .filter(([key]) => formCode.test(key))
      .map(([, chunk]) => `/${chunk.file}`),
  );
}

/** Every script the page has asked for so far, as paths. */
function scriptRequests(page: Page, origin: string): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested.push(request.url().replace(origin, ''));
  });
  return requested;
}

async function htmlOf(path: string): Promise<string> {
  return (await fetch(new URL(path, site.url))).text();
}

describe('islands on the public pages', () => {
  it.each(['/', '/about', '/it-recruitment', '/franchise', '/franchise/surat', '/hi/', '/gu/franchise/surat'])(
    '%s names at most 60 KB gzip of JavaScript, and no React',
    async (path) => {
      const scripts = jsBytesNamedBy(await htmlOf(path), clientDir);
      const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
      expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
      for (const { file } of scripts) expect(readFileSync(join(clientDir, file), 'utf8')).not.toContain('react.transitional.element');
    },
  );

  it('a page without a form downloads no form code, scrolled to the end, until a form is opened', async () => {
    const formCode = formCodeFiles();
    expect(formCode.size).toBeGreaterThan(10);
    const { page, context, problems } = await visit(browser, site.url, { width: 390, height: 844 });
    const requested = scriptRequests(page, site.url);
    await page.goto('/about');
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(1500);
    expect(requested.filter((file) => formCode.has(file))).toEqual([]);
    // The contact popup holds a form: its code comes when it opens.
    await page.getByRole('button', { name: 'Contact Us' }).first().click();
    await page.getByRole('dialog', { name: 'Contact Us' }).locator('form').waitFor();
    expect(requested.filter((file) => formCode.has(file)).length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('/franchise/surat loads its form code only near the form, which then submits end to end', async () => {
    const formCode = formCodeFiles();
    const { page, context, problems } = await visit(browser, site.url, { width: 1366, height: 800 });
    const requested = scriptRequests(page, site.url);
    await page.goto('/franchise/surat');
    await hydrated(page);
    await page.waitForTimeout(1000);
    expect(requested.filter((file) => formCode.has(file))).toEqual([]);
    const form = page.locator('form.form-city-lead');
    const box = await form.boundingBox();
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel(/^Full Name/).fill('Meera Shah');
    await form.getByLabel(/^Phone/).pressSequentially('98250 54321');
    await form.getByLabel(/^Email/).fill('meera.shah@example.com');
    await form.getByLabel(/^What are you looking for/).fill('An accounts assistant in Adajan.');
    expect(requested.filter((file) => formCode.has(file)).length).toBeGreaterThan(0);
    // Hydrating moved nothing: the form is where the prerendered markup put it.
    const scrolled = await page.evaluate(() => window.scrollY);
    const after = await form.boundingBox();
    expect(Math.round((after?.y ?? 0) + scrolled)).toBe(Math.round(box?.y ?? 0));
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.locator('.Toastify').getByText('Your form is submitted successfully').first().waitFor();
    const [row] = await site.db.query<{ city: string; data: Record<string, string> }>(
      `select city, data from submissions where form_id = 'city-lead' and data->>'name' = 'Meera Shah'`,
    );
    expect(row).toMatchObject({ city: 'Surat', data: { phone: '+919825054321' } });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps what a visitor types into a form before its code has arrived', async () => {
    const { page, context, problems } = await visit(browser, site.url, { width: 1366, height: 800 });
    // The form's code is slow to come: the visitor types meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/form-view-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/franchise/surat');
    await hydrated(page);
    const form = page.locator('form.form-city-lead');
    await form.getByLabel(/^Full Name/).click();
    await page.keyboard.type('Kiran Desai');
    release();
    await page.waitForFunction(() => {
      const island = document.querySelector('form.form-city-lead')?.closest('hf-island');
      return !!island && Object.keys(island).some((k) => k.startsWith('__reactContainer'));
    });
    // Keys keep coming, a few milliseconds apart, while React hydrates the form and takes the text over: none is lost.
    await page.keyboard.type(' Jr of Surat, Gujarat', { delay: 4 });
    await expect(form.getByLabel(/^Full Name/).inputValue()).resolves.toBe('Kiran Desai Jr of Surat, Gujarat');
    // React holds the text: submitting empty-handed elsewhere reports the other fields, not the name.
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByLabel(/^Full Name/).getAttribute('aria-invalid')).resolves.not.toBe('true');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('runs no React before the visitor does something, yet shows the announcement and fetches the menu code ahead', async () => {
    const { page, context, problems } = await visit(browser, site.url, { width: 390, height: 844, announcementSeen: false });
    const fetched: string[] = [];
    page.on('requestfinished', (request) => fetched.push(request.url().replace(site.url, '')));
    // What the loader takes for a visitor, noted as it happens: if anything hydrates early, the message says what woke it.
    await page.addInitScript(() => {
      const seen: string[] = ((window as { visitorEvents?: string[] }).visitorEvents = []);
      for (const type of ['scroll', 'pointermove', 'pointerdown', 'focusin', 'keydown'])
        addEventListener(
          type,
          (e) => seen.push(`${e.type} on ${(e.target as Element).nodeName ?? 'window'} (trusted: ${e.isTrusted})`),
          true,
        );
    });
    await page.goto('/franchise/surat', { waitUntil: 'load' });
    const dialog = page.getByRole('dialog', { name: /12 million investment/ });
    await dialog.waitFor();
    const ahead = (await page.locator('meta[name="island-code"]').getAttribute('content'))?.split(' ') ?? [];
    expect(ahead.length).toBeGreaterThan(0);
    await expect.poll(() => ahead.filter((file) => !fetched.includes(file))).toEqual([]);
    const reactRoots = () =>
      page.evaluate(
        () =>
          [...document.querySelectorAll('hf-island')].filter((i) => Object.keys(i).some((k) => k.startsWith('__reactContainer'))).length,
      );
    const visitorEvents = () => page.evaluate(() => (window as { visitorEvents?: string[] }).visitorEvents ?? []);
    expect(await reactRoots(), `React roots before the visitor acted; events seen: ${(await visitorEvents()).join(', ')}`).toBe(0);
    // Closing it needs no React either, and is remembered.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog.count()).resolves.toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('investmentPopupShown'))).toBe('true');
    // The click was the visitor's first action: the header and overlays hydrate, and the menu opens.
    await expect.poll(reactRoots).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the home page moves its hero carousel with no React while the visitor only looks', async () => {
    const { page, context, problems } = await visit(browser, site.url, { width: 390, height: 844 });
    const scripts = scriptRequests(page, site.url);
    await page.goto('/');
    await page.waitForFunction(() => document.querySelector('.hero-dots li:nth-child(2) button')?.hasAttribute('aria-current'), undefined, {
      timeout: 6000,
    });
    expect(scripts.filter((file) => /\/(client|hydrate-island)-/.test(file))).toEqual([]);
    expect(await page.getByRole('group', { name: '2 of 3' }).evaluate((slide) => (slide as HTMLElement).inert)).toBe(false);
    expect(await page.getByRole('group', { name: '3 of 3' }).evaluate((slide) => (slide as HTMLElement).inert)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the hero carousel moves on by itself', async () => {
    const { page, context, problems } = await visit(browser, site.url, { width: 1366, height: 800 });
    await page.goto('/');
    await page.mouse.move(683, 790);
    await page.waitForFunction(() => document.querySelector('.hero-dots li:nth-child(2) button')?.hasAttribute('aria-current'), undefined, {
      timeout: 6000,
    });
    expect(problems).toEqual([]);
    await context.close();
  });
});
