import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chooseFile, hydrated, passCaptcha, signIn, startMailedSite, visit, type MailedSite } from './harness';
import { createUser } from '../../src/server/users/store';
import { first } from '../support/present';

// A person's rights over their data (DPDP Act 2023), done as they would do it: a lead with a resume sent from the
// site, then /your-data, the link from a real SMTP server on loopback, and the page the link opens, in Chromium.
let site: MailedSite['site'];
let smtp: MailedSite['smtp'];
let browser: Browser;
let mailed: MailedSite | undefined;

beforeAll(async () => {
  mailed = await startMailedSite();
  ({ site, smtp, browser } = mailed);
});
afterAll(() => mailed?.close());

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => site.db.query<T>(text, params);

/** The path of the confirmation link in the newest mail to the address. */
async function linkMailedTo(address: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = smtp.mails.findLast((m) => m.to.includes(address) && m.subject.startsWith('Confirm your request'));
    const link = mail?.html.match(/\/your-data\/confirm\?token=[\w-]+/)?.[0];
    if (link) {
      smtp.mails.length = 0;
      return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No confirmation mail to ${address}; got ${JSON.stringify(smtp.mails.map((m) => [m.to, m.subject]))}`);
}

/** Asks on /your-data as a visitor, with the real captcha. */
async function ask(page: Page, choice: RegExp, email: string, details?: string) {
  await page.goto('/your-data');
  await hydrated(page);
  const form = page.locator('form.form-data-request');
  await form.getByLabel(choice).check();
  await form.getByLabel(/^My email address or mobile number/).fill(email);
  if (details) await form.getByLabel(/^For a correction/).fill(details);
  await passCaptcha(form);
  await form.getByRole('button', { name: 'Send me the link' }).click();
  await page.locator('.Toastify').getByText('We have sent a link to that address or number.').first().waitFor();
}

async function registerWithResume(page: Page, name: string, email: string) {
  await page.goto('/franchise/visakhapatnam');
  await hydrated(page);
  const form = page.locator('form.form-visakhapatnam-registration');
  await form.getByLabel(/^Full Name/).fill(name);
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Phone Number/).fill('9988776655');
  await form.getByLabel(/^I am a/).selectOption({ label: 'Fresh Graduate' });
  await form.getByLabel(/^Industry/).selectOption({ label: 'Maritime & Ports' });
  const pdf = join(site.dataDir, `${name.split(' ')[0]}-resume.pdf`);
  writeFileSync(pdf, '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  await chooseFile(form, pdf);
  await form.getByText(`${name.split(' ')[0]}-resume.pdf`).waitFor();
  await passCaptcha(form);
  await form.getByRole('button', { name: 'Register Now' }).click();
  await page.getByRole('dialog', { name: 'Registration Successful!' }).waitFor();
}

describe('a visitor sees, corrects and erases their data from the site', () => {
  // Two registrations and a request, each with the real captcha and its proof of work: on a busy two-core machine,
  // more than the default half minute.
  it('exports exactly their records, then erases the lead, its resume file and its mail, keeping only the audit entry', async () => {
    const { page, context, problems } = await visit(browser, site.url);
    await registerWithResume(page, 'Lakshmi Naidu', 'lakshmi@example.com');
    await registerWithResume(page, 'Gopal Varma', 'gopal@example.com');
    const [lead] = await sql<{ id: string }>(`select id from submissions where data->>'email' = 'lakshmi@example.com'`);
    const [resume] = await sql<{ id: string; stored_name: string }>('select id, stored_name from uploads where submission_id = $1', [
      lead?.id,
    ]);
    const resumeFile = join(site.dataDir, 'uploads', resume?.stored_name ?? '');
    expect(existsSync(resumeFile)).toBe(true);

    // See: the link opens a page with a button; the download lists this visitor's records and nobody else's.
    await ask(page, /^See my data/, 'lakshmi@example.com');
    await page.goto(await linkMailedTo('lakshmi@example.com'));
    await page.getByRole('button', { name: 'Show my data' }).click();
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download as JSON' }).click()]);
    const exported = JSON.parse(readFileSync((await download.path()) ?? '', 'utf8')) as Record<string, { id: string }[]>;
    expect(exported.submissions?.map((s) => s.id)).toEqual([lead?.id]);
    expect(exported.uploads?.map((u) => u.id)).toEqual([resume?.id]);
    expect(JSON.stringify(exported)).not.toContain('gopal@example.com');

    // Erase: the same way; afterwards nothing of the visitor is left but the request's audit entry.
    await ask(page, /^Erase my data/, 'lakshmi@example.com');
    const eraseLink = await linkMailedTo('lakshmi@example.com');
    await page.goto(eraseLink);
    await page.getByRole('button', { name: 'Erase my data' }).click();
    await page.getByRole('heading', { name: 'Your data is erased' }).waitFor();
    expect(await sql(`select 1 from submissions where data->>'email' = 'lakshmi@example.com'`)).toEqual([]);
    expect(await sql('select 1 from uploads where id = $1', [resume?.id])).toEqual([]);
    expect(existsSync(resumeFile)).toBe(false);
    expect(await sql(`select 1 from outbox where payload::text ilike '%lakshmi@example.com%'`)).toEqual([]);
    expect(await sql(`select 1 from submissions where data->>'email' = 'gopal@example.com'`)).toHaveLength(1);
    const audit = await sql<{ kind: string; email: string | null; outcome: Record<string, number> | null }>(
      'select kind, email, outcome from data_requests where completed_at is not null order by created_at',
    );
    expect(audit).toEqual([
      { kind: 'access', email: null, outcome: { submissions: 1, newsletter: 0, jobApplications: 0, uploads: 1 } },
      { kind: 'erasure', email: null, outcome: { submissions: 1, jobApplications: 0, mail: expect.any(Number) } },
    ]);
    expect(problems).toEqual([]);
    // The link worked once.
    const again = await page.goto(eraseLink);
    expect(again?.status()).toBe(404);
    await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await context.close();
  }, 90_000);

  it('a correction asks what is wrong, keeps what was typed, and reaches an admin who answers it', async () => {
    const { page, context, problems } = await visit(browser, site.url);
    await page.goto('/your-data');
    await hydrated(page);
    const form = page.locator('form.form-data-request');
    await form.getByLabel(/^Correct my data/).check();
    await form.getByLabel(/^My email address or mobile number/).fill('gopal@example.com');
    await passCaptcha(form);
    await form.getByRole('button', { name: 'Send me the link' }).click();
    await form.getByText('Please say what is wrong and what it should say.').first().waitFor();
    await expect(form.getByLabel(/^My email address or mobile number/).inputValue()).resolves.toBe('gopal@example.com');
    await form.getByLabel(/^For a correction/).fill('My name is Gopal Krishna Varma.');
    await form.getByRole('button', { name: 'Send me the link' }).click();
    await page.locator('.Toastify').getByText('We have sent a link to that address or number.').first().waitFor();
    await page.goto(await linkMailedTo('gopal@example.com'));
    await page.getByText('My name is Gopal Krishna Varma.').waitFor();
    await page.getByRole('button', { name: 'Send my correction' }).click();
    await page.getByRole('heading', { name: 'Your correction is with us' }).waitFor();

    const admin = { username: 'privacy.admin', password: 'correct horse battery' };
    await createUser(site.db, { ...admin, role: 'ADMIN' });
    await signIn(context, site.url, admin.username, admin.password);
    await page.goto('/admin/data-requests');
    const card = page.getByRole('region', { name: 'Correction asked by gopal@example.com' });
    await card.getByText('My name is Gopal Krishna Varma.').waitFor();
    await card.getByLabel(/^Answer sent to/).fill('Done: your name now reads Gopal Krishna Varma.');
    await card.getByRole('button', { name: 'Mark corrected' }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'corrected: 1' }).waitFor();
    for (let i = 0; i < 100 && !smtp.mails.some((m) => m.to.includes('gopal@example.com')); i++)
      await new Promise((r) => setTimeout(r, 100));
    const answer = first(
      smtp.mails.filter((m) => m.to.includes('gopal@example.com')),
      'the answer mailed to the person',
    );
    expect(answer.html).toContain('Done: your name now reads Gopal Krishna Varma.');
    expect(problems).toEqual([]);
    await context.close();
  });
});
