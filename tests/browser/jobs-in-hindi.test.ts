import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accessibilityViolations, hydrated, passCaptcha, signIn, startMailedSite, visit, type MailedSite } from './harness';
import { first } from '../support/present';
import { createUser } from '../../src/server/users/store';

// A job written in Hindi in the portal, then found, read and applied for in Hindi by a visitor on a phone, with the
// receipt at a real SMTP server on loopback.
let site: MailedSite['site'];
let mailTo: MailedSite['mailTo'];
let browser: Browser;
let mailed: MailedSite | undefined;
let jobId: string;
const PASSWORD = 'correct horse battery';

const hindiTitle = 'टैली ऑपरेटर';
const hindiDescription = 'Tally में रोज़ की एंट्री, GST बिल और वेंडर पेमेंट का हिसाब रखना।';

beforeAll(async () => {
  mailed = await startMailedSite();
  ({ site, browser, mailTo } = mailed);
  const job = first(
    await site.db.query<{ id: string }>(
      `insert into jobs (title, description, company_name, location, employment_type, openings, experience, salary_min,
                         salary_max, valid_through, status, published_at)
       values ('Tally Operator', 'Daily entries in Tally, GST bills and vendor payments.', 'Rampur Agro Mills', 'Rampur',
               'FULL_TIME', 2, 'fresher', 180000, 240000, current_date + 30, 'published', now()) returning id`,
    ),
    'the job',
  );
  jobId = job.id;
});
afterAll(() => mailed?.close());

describe('a job in Hindi', () => {
  it('is written in Hindi beside its English in the portal', async () => {
    await createUser(site.db, { username: 'rampur.admin', password: PASSWORD, role: 'ADMIN', fullName: 'Rampur Admin' });
    const { page, context, problems } = await visit(browser, site.url);
    await signIn(context, site.url, 'rampur.admin', PASSWORD);
    await page.goto(`/jobs/${jobId}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Edit' }).click();
    const hindi = page.getByRole('group', { name: /In Hindi/ });
    // A title alone is refused in the browser: the Hindi page would show an English description under it.
    await hindi.getByLabel('Job title in Hindi').fill(hindiTitle);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await hindi.getByText('Write the description in Hindi too, or clear the title.').waitFor();
    await hindi.getByLabel('Description in Hindi').fill(hindiDescription);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    const saved = await (await context.request.get(`/api/jobs/${jobId}`)).json();
    expect(saved.job.translations).toEqual({ hi: { title: hindiTitle, description: hindiDescription } });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is found, read and applied for in Hindi, and the applicant is answered in Hindi', async () => {
    const { page, context, problems } = await visit(browser, site.url, { width: 390, height: 844 });
    await page.goto('/hi/job-openings');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('hi-IN');
    await page.getByRole('heading', { level: 1, name: 'जॉब वैकेंसी' }).waitFor();
    await page.getByRole('link', { name: hindiTitle, exact: true }).click();

    await page.waitForURL(`**/hi/job-openings/${jobId}`);
    await page.getByRole('heading', { level: 1, name: hindiTitle }).waitFor();
    await page.getByText(hindiDescription).waitFor();
    await page.getByText('₹1,80,000 – ₹2,40,000 सालाना').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await hydrated(page);
    const form = page.locator('form.form-job-application');
    await form.getByRole('button', { name: 'अभी आवेदन करें' }).click();
    await form.getByText('नाम ज़रूरी है').first().waitFor();
    await form.getByLabel(/^पूरा नाम/).fill('सुनीता वर्मा');
    await form.getByLabel(/^ईमेल/).fill('sunita.verma@example.com');
    await form.getByLabel(/^फ़ोन नंबर/).pressSequentially('91234 56700');
    await passCaptcha(form);
    await form.getByRole('button', { name: 'अभी आवेदन करें' }).click();
    await page.getByText('आवेदन भेज दिया गया!').waitFor();

    const ack = await mailTo('sunita.verma@example.com');
    expect(ack.subject).toBe(`${hindiTitle} (Rampur Agro Mills) के लिए आपका आवेदन`);
    expect(ack.html).toContain('नमस्ते सुनीता वर्मा');
    const { consent } = first(
      await site.db.query<{ consent: { lang: string; page: string } }>('select consent from job_applications where job_id = $1', [jobId]),
      'the application',
    );
    expect(consent).toMatchObject({ lang: 'hi', page: `/hi/job-openings/${jobId}` });

    // The language switcher keeps the job.
    await page.locator('.language-switcher').getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`**/job-openings/${jobId}`);
    await page.getByRole('heading', { level: 1, name: 'Tally Operator' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
