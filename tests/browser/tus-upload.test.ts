import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessibilityViolations, chooseFile, closePortalSite, hydrated, type Site, startPortalSite, visit } from './harness';
import { first } from '../support/present';

// A resume above the resumable threshold goes up in chunks through tus in Chromium, against the built site, the API
// and the embedded database. Each chunk is held back a little, as on a slow connection, so there is time to pause.
let site: Site;
let browser: Browser;

beforeAll(async () => {
  ({ site, browser } = await startPortalSite());
});
afterAll(() => closePortalSite({ site, browser }));

/** A PDF by its bytes, about 1.5 MB: three chunks, of 256 KB, 512 KB and the rest. */
function largePdf(name: string): { path: string; size: number } {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const bytes = Buffer.concat([head, Buffer.alloc(1_500_000, 0x20), tail]);
  const path = join(site.dataDir, name);
  writeFileSync(path, bytes);
  return { path, size: bytes.length };
}

async function slowChunks(page: Page, methods = ['PATCH']) {
  await page.route('**/api/uploads/tus**', async (route) => {
    if (methods.includes(route.request().method())) await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
}

/** Once bytes are on their way the upload exists on the server: pausing before that would leave an upload never used. */
async function sending(page: Page) {
  await page.waitForFunction(() => Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')) > 0);
}

async function openRegistration(page: Page) {
  await page.goto('/franchise/visakhapatnam');
  await hydrated(page);
  const form = page.locator('form.form-visakhapatnam-registration');
  // Touching the form hydrates its island, which takes the file input's changes from then on.
  await form.getByLabel(/^Full Name/).fill('Lakshmi Naidu');
  await hydrated(page);
  return form;
}

const count = async (table: string) => Number(first(await site.db.query<{ n: string }>(`select count(*) as n from ${table}`), 'a count').n);

describe('resumable upload of a large resume', () => {
  it('runs, pauses, resumes and succeeds, and the registration claims the file', async () => {
    const { page, context, problems } = await visit(browser, site.url);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await slowChunks(page);
    const form = await openRegistration(page);
    await form.getByLabel(/^Email/).fill('lakshmi.tus@example.com');
    await form.getByLabel(/^Phone Number/).fill('9988776655');
    await form.getByLabel(/^I am a/).selectOption({ label: 'Fresh Graduate' });
    // tus-js-client is fetched only once a large file is chosen.
    const before = scripts.length;
    expect(scripts.some((url) => /resumable-upload|tus/.test(url))).toBe(false);

    const file = largePdf('lakshmi-cv.pdf');
    await chooseFile(form, file.path);
    await form.getByText('Upload running.').waitFor();
    expect(scripts.slice(before).some((url) => /resumable-upload/.test(url))).toBe(true);
    await sending(page);
    const pause = form.getByRole('button', { name: 'Pause upload' });
    await pause.focus();
    await page.keyboard.press('Enter');
    await form.getByText(/Upload paused at \d+%\./).waitFor();
    const resume = form.getByRole('button', { name: 'Resume upload' });
    // The same button, so the keyboard focus stays on it.
    expect(await resume.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await form.getByRole('button', { name: 'Cancel upload' }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    const paused = Number(await form.getByRole('progressbar').getAttribute('aria-valuenow'));
    expect(paused).toBeLessThan(100);

    await page.keyboard.press('Enter');
    await form.getByText('Upload running.').waitFor();
    await form.getByText('Upload successful.').waitFor({ timeout: 30_000 });
    await form.getByText('lakshmi-cv.pdf').waitFor();
    expect(await count('tus_uploads')).toBe(0);

    await form.getByRole('button', { name: 'Register Now' }).click();
    await page.getByRole('dialog', { name: 'Registration Successful!' }).waitFor();
    const row = first(
      await site.db.query<{ id: string }>(
        `select id from submissions where form_id = 'visakhapatnam-registration' and data->>'email' = $1`,
        ['lakshmi.tus@example.com'],
      ),
      'the registration',
    );
    const upload = first(
      await site.db.query<{ submission_id: string; size_bytes: number; original_name: string }>(
        'select submission_id, size_bytes, original_name from uploads where submission_id = $1',
        [row.id],
      ),
      'the claimed upload',
    );
    expect(upload).toEqual({ submission_id: row.id, size_bytes: file.size, original_name: 'lakshmi-cv.pdf' });
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it('goes on by itself after a dropped connection, in chunks each twice the one before', async () => {
    const { page, context, problems } = await visit(browser, site.url);
    let dropped = 0;
    const offsets = new Set<string>();
    await page.route('**/api/uploads/tus/**', async (route) => {
      if (route.request().method() === 'PATCH') offsets.add(route.request().headers()['upload-offset'] ?? '');
      // The second chunk's connection drops twice; the client asks the server's offset and sends on.
      if (route.request().method() === 'PATCH' && route.request().headers()['upload-offset'] !== '0' && dropped < 2) {
        dropped += 1;
        return route.abort('connectionreset');
      }
      await route.continue();
    });
    const form = await openRegistration(page);
    const file = largePdf('flaky-cv.pdf');
    await chooseFile(form, file.path);
    await form.getByText('Upload successful.').waitFor({ timeout: 30_000 });
    expect(dropped).toBe(2);
    // 256 KB, then 512 KB, then the rest.
    expect([...offsets]).toEqual(['0', String(256 * 1024), String(768 * 1024)]);
    const [upload] = await site.db.query<{ size_bytes: number }>(`select size_bytes from uploads where original_name = 'flaky-cv.pdf'`);
    expect(upload).toEqual({ size_bytes: file.size });
    // A failed request is a console error in Chromium; nothing else may be.
    expect(problems.filter((problem) => !problem.includes('net::ERR_CONNECTION_RESET'))).toEqual([]);
    await context.close();
  }, 60_000);

  it('cancels: the state says so and the parts are gone from the server', async () => {
    const { page, context, problems } = await visit(browser, site.url);
    // The creation is slow too: Cancel is pressed before the server has answered it, and still nothing stays there.
    await slowChunks(page, ['POST', 'PATCH']);
    const form = await openRegistration(page);
    await chooseFile(form, largePdf('cancelled-cv.pdf').path);
    await form.getByText('Upload running.').waitFor();
    await form.getByRole('button', { name: 'Cancel upload' }).click();
    await form.getByText('Upload cancelled.').waitFor();
    expect(await form.getByRole('button', { name: /Pause upload|Resume upload/ }).count()).toBe(0);
    for (let i = 0; i < 50 && (await count('tus_uploads')) > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await count('tus_uploads')).toBe(0);
    expect(await count('tus_upload_parts')).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it('fails with the server’s words when the finished file is not what its name says', async () => {
    const { page, context, problems } = await visit(browser, site.url);
    const form = await openRegistration(page);
    const path = join(site.dataDir, 'not-a-pdf.pdf');
    writeFileSync(path, Buffer.alloc(600_000, 0x41));
    await chooseFile(form, path);
    await form.getByText('Upload failed.').waitFor({ timeout: 30_000 });
    await expect(form.getByRole('alert').textContent()).resolves.toBe('Please upload a PDF, DOC or DOCX file.');
    expect(await form.getByRole('button', { name: /Pause upload|Resume upload|Cancel upload/ }).count()).toBe(0);
    expect(await count('tus_uploads')).toBe(0);
    // The refusal is a console error in Chromium; nothing else may be.
    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);
    await context.close();
  }, 60_000);
});
