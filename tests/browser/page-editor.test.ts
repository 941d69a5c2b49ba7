import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createUser } from '../../src/server/users/store';
import { closePortalSite, fillNewCity, hydrated, makeNewCity, PUNE, signIn, type Site, startPortalSite, visit } from './harness';
import { solidPng } from '../support/png';

// Marketing staff make, edit, preview, publish and roll back a city page in the browser; visitors get it from the
// server at once, with no build in between. One server, one browser.
let site: Site;
let browser: Browser;
const password = 'correct horse battery';

beforeAll(async () => {
  ({ site, browser } = await startPortalSite());
  await createUser(site.db, { username: 'meera.marketing', password, role: 'MARKETING', fullName: 'Meera Shah' });
  await createUser(site.db, { username: 'bala.bde', password, role: 'BDE', fullName: 'Bala Krishnan' });
  await createUser(site.db, { username: 'mohan.marketing', password, role: 'MARKETING', fullName: 'Mohan Rao' });
});
afterAll(() => closePortalSite({ site, browser }));

const visitorGets = async (path: string) => {
  const response = await fetch(`${site.url}${path}`);
  return { status: response.status, html: await response.text() };
};

describe('the page editor', () => {
  it('MARKETING makes /franchise/pune from a template and its facts, changes its heading and an answer, previews, publishes and rolls back', async () => {
    const { page, context } = await visit(browser, site.url);
    await signIn(context, site.url, 'meera.marketing', password);
    await page.goto('/admin/pages');
    await hydrated(page);
    await page.getByRole('link', { name: '/franchise/surat' }).waitFor();

    // Pune's own facts: none of Surat's come with its page.
    await makeNewCity(page, PUNE);
    expect((await visitorGets('/franchise/pune')).status).toBe(404);

    const preview = page.frameLocator('iframe[title="Page preview"]');
    await preview.getByRole('heading', { name: 'Jobs, Campus Hiring and Skilled Talent in Pune' }).waitFor();
    // A city page is its facts and its layout's sections, each in the layout's words until worded for the city.
    await page.getByRole('button', { name: /^1\. Hero/ }).click();
    await page.locator('#section-0_heading').fill('Pune hires faster');
    await preview.getByRole('heading', { name: 'Pune hires faster' }).waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.locator('#section-0_heading').inputValue()).toBe('Jobs, Campus Hiring and Skilled Talent in Pune');
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => page.locator('#section-0_heading').inputValue()).toBe('Pune hires faster');
    await page
      .getByRole('region', { name: /^Section 1\. Hero/ })
      .getByText('Worded for Pune')
      .waitFor();

    await page.getByRole('button', { name: /^10\. Questions and answers/ }).click();
    await page.locator('#section-9_items_0_answer').fill('Yes, and in Pune too.');
    // The answer is in the page, inside its closed accordion.
    await preview.getByText('Yes, and in Pune too.').waitFor({ state: 'attached' });

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published: /franchise/pune shows this version now.').waitFor();
    const published = await visitorGets('/franchise/pune');
    expect(published.status).toBe(200);
    expect(published.html).toContain('Pune hires faster');
    expect(published.html).toContain('Yes, and in Pune too.');
    expect(published.html).toContain('3rd Floor, Tower B, Baner Road, Pune, Maharashtra 411045');
    expect(published.html).toContain('href="tel:+912045678901"');

    // The first revision (the page as made from the template) back, once asked: it publishes at once.
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await page
      .getByRole('button', { name: /Roll back to revision/ })
      .last()
      .click();
    // The answer is beside the revision rolled back to, in the history.
    await page
      .getByRole('region', { name: 'History' })
      .getByText(/Rolled back to revision \d+; the site shows it now\./)
      .waitFor();
    expect(asked).toMatch(/^Publish revision \d+ again\? Visitors to \/franchise\/pune see it at once, in place of what they see now\.$/);
    const rolledBack = await visitorGets('/franchise/pune');
    expect(rolledBack.html).toContain('Jobs, Campus Hiring and Skilled Talent in Pune');
    expect(rolledBack.html).not.toContain('Pune hires faster');
    await context.close();
  }, 120_000);

  it('MARKETING uploads an image for a block, sees a refused file named at the field, and sees the image in the preview', async () => {
    const { page, context } = await visit(browser, site.url);
    await signIn(context, site.url, 'meera.marketing', password);
    await page.goto('/admin/pages?route=%2Ffranchise%2Fsurat');
    await hydrated(page);
    await page.getByRole('button', { name: /^2\. Image and text/ }).click();
    const block = page.getByRole('region', { name: /^Section 2\. Image and text/ });
    const file = block.getByLabel('Upload an image');

    await file.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await block.getByRole('alert').getByText('Please upload a PNG, JPEG or WebP image. SVG files are not accepted').waitFor();
    expect(await page.locator('#section-1_image_src').inputValue()).toBe('/images/illustrations/team-meeting.svg');

    await file.setInputFiles({ name: 'Surat Office.png', mimeType: 'image/png', buffer: solidPng(40, 30) });
    await block.getByText(/Uploaded Surat Office\.png \(40 × 30\)/).waitFor();
    const src = await page.locator('#section-1_image_src').inputValue();
    expect(src).toMatch(/^\/images\/uploads\/[0-9a-f]{12}-surat-office\.png$/);
    // The list every image field offers has it now, with its size.
    await expect
      .poll(() => page.locator(`#page-editor-images option[value="${src}"]`).getAttribute('label'))
      .toBe('Surat Office.png, 40 × 30, uploaded');

    // The preview is the server's HTML; the image loads from the address every process serves.
    const image = page.frameLocator('iframe[title="Page preview"]').locator(`img[src="${src}"]`);
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);
    await context.close();
  }, 60_000);

  it('two editors of one page: the second save is told the page changed, sees the difference, and overwrites nothing', async () => {
    const open = async (username: string) => {
      const { page, context } = await visit(browser, site.url);
      await signIn(context, site.url, username, password);
      await page.goto('/admin/pages?route=%2Ffranchise%2Fsurat');
      await hydrated(page);
      await page.getByRole('button', { name: /^1\. Hero/ }).click();
      await page.locator('#section-0_heading').waitFor();
      return { page, context };
    };
    const meera = await open('meera.marketing');
    const mohan = await open('mohan.marketing');

    await meera.page.locator('#section-0_heading').fill('Surat hires faster');
    await meera.page.getByRole('button', { name: 'Save draft' }).click();
    await meera.page.getByText(/^Saved as revision \d+/).waitFor();

    await mohan.page.locator('#section-0_heading').fill('Walk-in interviews in Surat');
    await mohan.page.getByRole('button', { name: 'Save draft' }).click();
    const conflict = mohan.page.getByRole('alert', { name: 'Someone else saved this page' });
    await conflict.waitFor();
    const row = conflict.getByRole('row', { name: /Hero \(section 1\): Heading/ });
    await expect
      .poll(() => row.getByRole('cell').allInnerTexts())
      .toEqual(['Hero (section 1): Heading', 'Walk-in interviews in Surat', 'Surat hires faster']);

    // Nothing was overwritten: the page's latest revision is still the first save.
    const latest = await mohan.page.evaluate(
      async () => (await (await fetch('/api/admin/pages/page?route=%2Ffranchise%2Fsurat')).json()).page,
    );
    // Its English words are the first save's; its Hindi and Gujarati words stay as they were (an English edit keeps them).
    expect(latest.document.overrides.top.heading).toMatchObject({
      en: 'Surat hires faster',
      gu: expect.any(String),
      hi: expect.any(String),
    });

    // Loading theirs puts the first save in the form; no second revision was made.
    await conflict.getByRole('button', { name: 'Load their version' }).click();
    await expect.poll(() => mohan.page.locator('#section-0_heading').inputValue()).toBe('Surat hires faster');
    const history = await mohan.page.evaluate(
      async () => (await (await fetch('/api/admin/pages/history?route=%2Ffranchise%2Fsurat')).json()).revisions,
    );
    expect(history).toHaveLength(1);
    await meera.context.close();
    await mohan.context.close();
  }, 60_000);

  it("MARKETING cannot make a page in the site settings' place, and renames, unpublishes and deletes a page it made", async () => {
    const { page, context } = await visit(browser, site.url);
    await signIn(context, site.url, 'meera.marketing', password);
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await page.goto('/admin/pages');
    await hydrated(page);
    await fillNewCity(page, { name: 'Site', state: 'Maharashtra', street: 'College Road', pin: '422005' });
    await page.getByLabel('Web address').fill('/site');
    await page.getByRole('button', { name: 'Make the page' }).click();
    await page.getByRole('alert').getByText('The address /site would be kept in pages/site.json, which holds the site settings').waitFor();

    await page.getByLabel('City name').fill('Nashik');
    await page.getByLabel('Web address').fill('');
    await page.getByRole('button', { name: 'Make the page' }).click();
    await page.waitForURL('**/admin/pages?route=%2Ffranchise%2Fnashik');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published: /franchise/nashik shows this version now.').waitFor();

    await page.getByLabel('New address').fill('/city/nashik');
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.waitForURL('**/admin/pages?route=%2Fcity%2Fnashik');
    // The address changes before the editor of the new one is on screen; the buttons below are the new page's.
    await page.getByRole('heading', { name: 'Edit /city/nashik' }).waitFor();
    expect(asked.at(-1)).toBe(
      'Move this page from /franchise/nashik to /city/nashik? /franchise/nashik will send visitors on to /city/nashik.',
    );
    const old = await fetch(`${site.url}/franchise/nashik`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/city/nashik');
    expect((await visitorGets('/city/nashik')).html).toContain('Nashik');

    await page.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByText('Unpublished: visitors get "page not found".').waitFor();
    expect((await visitorGets('/city/nashik')).status).toBe(404);

    await page.getByRole('button', { name: 'Delete page' }).click();
    await page.waitForURL('**/admin/pages');
    await page.getByRole('link', { name: '/franchise/surat' }).waitFor();
    expect(await page.getByRole('link', { name: '/city/nashik' }).count()).toBe(0);
    expect(asked.at(-1)).toMatch(/^Delete the page \/city\/nashik\?/);
    await context.close();
  }, 120_000);

  it('MARKETING schedules a page in India time, reads when, and takes the schedule back', async () => {
    const { page, context } = await visit(browser, site.url);
    await signIn(context, site.url, 'meera.marketing', password);
    await page.goto('/admin/pages?route=%2Fabout');
    await hydrated(page);
    await page.locator('#block-0_heading').fill('About us, next year');
    await page.getByLabel('Publish at, India time (empty: now)').fill('2030-01-15T09:30');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    // 9:30 in India whatever the computer's clock says, written with the month's name.
    await page.getByText('Scheduled for 15 Jan 2030, 9:30 am, India time.').first().waitFor();
    await page.getByRole('button', { name: 'Cancel the schedule' }).click();
    await page.getByText('Schedule cancelled: visitors keep seeing the published version.').waitFor();
    expect(await page.getByRole('button', { name: 'Cancel the schedule' }).count()).toBe(0);
    expect((await visitorGets('/about')).html).not.toContain('About us, next year');
    await context.close();
  });

  it('MARKETING edits a list by buttons in words, picks a button style by its look, and reads why an unfinished draft cannot come back', async () => {
    const { page, context } = await visit(browser, site.url);
    await signIn(context, site.url, 'meera.marketing', password);
    await page.goto('/admin/pages?route=%2Fclientele');
    await hydrated(page);
    const points = () =>
      page.locator('input[id^="block-0_items_"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    await page.getByRole('button', { name: 'Move down point 1' }).click();
    await expect.poll(points).toEqual(['7-14 days from brief to placement', '1,700+ hires in 18 months', 'Pay only on placement']);
    await page.getByRole('button', { name: 'Remove point 3' }).click();
    await page.getByRole('button', { name: 'Add point' }).click();
    await page.locator('#block-0_items_2').fill('Replacements at no cost');

    const style = page.locator('#block-0_buttons_1_variant');
    expect(await style.locator('option').allInnerTexts()).toEqual(
      expect.arrayContaining(['Main button (filled in colour)', 'Second button (outlined, no fill)', 'Light button (white, thin border)']),
    );
    expect(await style.locator('option:checked').innerText()).toBe('Second button (outlined, no fill)');
    await style.selectOption({ label: 'Light button (white, thin border)' });
    // A popup is offered by its name, and the button that opens one shows it chosen.
    expect(await page.locator('#block-0_buttons_1_action_open option:checked').innerText()).toBe('Contact us');

    // A draft may be saved unfinished; the history says why it cannot be rolled back to.
    await page.locator('#block-0_heading').fill('');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page
      .getByText(/^Saved as revision \d+/)
      .first()
      .waitFor();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText("Can't be published: Hero (section 1): Heading: Fill this in: the page needs it.").waitFor();
    expect(await history.getByRole('button', { name: /Roll back/ }).count()).toBe(0);

    const saved = await page.evaluate(async () => (await (await fetch('/api/admin/pages/page?route=%2Fclientele')).json()).page);
    const hero = saved.document.blocks[0];
    expect(hero.items).toEqual(['7-14 days from brief to placement', '1,700+ hires in 18 months', 'Replacements at no cost']);
    // The style is kept as its value; the first button, which had none, was given none.
    expect(hero.buttons).toEqual([
      { label: 'Post a Job Free', action: { href: '/free-job-posting' } },
      { label: 'Talk to Our Team', action: { open: 'contact' }, variant: 'light' },
    ]);
    await context.close();
  }, 60_000);

  it('MARKETING sees a translation marked once its English changes, and publishes each language when its words are whole', async () => {
    const { page, context } = await visit(browser, site.url);
    await signIn(context, site.url, 'meera.marketing', password);
    await page.goto('/admin/pages');
    await hydrated(page);
    await page.getByRole('link', { name: '/franchise/chennai' }).click();
    await page.getByRole('button', { name: /^1\. Hero/ }).click();
    const hindi = page.locator('#section-0_text-hi');
    const hindiBefore = await hindi.inputValue();
    const tamilBefore = (await visitorGets('/ta/franchise/chennai')).html;
    await page.locator('#section-0_text').fill('Chennai hires every week: students, job seekers, colleges and companies meet here.');
    // The Hindi and Tamil words were written for the English before: each is marked for a look.
    await page.getByText('The English changed since these words were written: check they still say the same.').first().waitFor();
    await expect(page.locator('.page-field-translation.is-outdated').count()).resolves.toBe(2);
    await hindi.fill('Chennai में हर हफ़्ते हायरिंग: स्टूडेंट्स, नौकरी ढूंढने वाले, कॉलेज और कंपनियाँ यहाँ मिलते हैं।');
    await expect(page.locator('.page-field-translation.is-outdated').count()).resolves.toBe(1);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published: /franchise/chennai shows this version now.').waitFor();
    expect((await visitorGets('/franchise/chennai')).html).toContain('Chennai hires every week');
    const hindiPage = (await visitorGets('/hi/franchise/chennai')).html;
    expect(hindiPage).toContain('Chennai में हर हफ़्ते हायरिंग');
    expect(hindiPage).not.toContain(hindiBefore);
    // Tamil's words are whole too (left as they were, marked for a look): its page reads as it did.
    expect((await visitorGets('/ta/franchise/chennai')).html).toBe(tamilBefore);
    await context.close();
  });

  it('BDE cannot open /admin/pages or its API', async () => {
    const { page, context } = await visit(browser, site.url);
    await signIn(context, site.url, 'bala.bde', password);
    await page.goto('/admin/pages');
    await hydrated(page);
    await expect.poll(() => page.locator('main').innerText()).not.toContain('New city from template');
    const api = await page.evaluate(async () => (await fetch('/api/admin/pages')).status);
    expect(api).toBe(403);
    await context.close();
  });
});
