import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hydrated, passCaptcha, signIn, startMailedSite, visit, type MailedSite } from './harness';
import { first } from '../support/present';
import { createUser } from '../../src/server/users/store';

// A lead from the Gujarati Surat page, the whole way: Chromium, the API, the embedded database, the outbox worker and
// a real SMTP server on loopback.
let site: MailedSite['site'];
let mailTo: MailedSite['mailTo'];
let browser: Browser;
let mailed: MailedSite | undefined;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  mailed = await startMailedSite();
  ({ site, browser, mailTo } = mailed);
});
afterAll(() => mailed?.close());

describe('the Surat page in Gujarati', () => {
  it('takes a lead in Gujarati, keeps its language and notice, and answers in Gujarati', async () => {
    const { page, context, problems } = await visit(browser, site.url, { width: 390, height: 844 });
    const response = await page.goto('/gu/franchise/surat');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('gu-IN');
    await hydrated(page);

    const form = page.locator('form.form-city-lead');
    // An empty submit is refused in Gujarati, in the browser.
    await form.getByRole('button', { name: 'સબમિટ કરો' }).click();
    await form.getByText('નામ લખવું જરૂરી છે').first().waitFor();

    await form.getByLabel(/^પૂરું નામ/).fill('હેતલ પટેલ');
    await form.getByLabel(/^ફોન/).pressSequentially('98250 12345');
    await form.getByLabel(/^ઇમેઇલ/).fill('hetal.patel@example.com');
    await form.getByLabel(/^હું છું/).selectOption({ label: 'કંપની / HR' });
    await form.getByLabel(/^તમે શું શોધી રહ્યા છો/).fill('અમારા ટેક્સટાઇલ યુનિટ માટે બે એકાઉન્ટન્ટ જોઈએ છે.');
    await expect(form.getByText(/^હું સંમતિ આપું છું કે Hireframe/).count()).resolves.toBe(1);
    await passCaptcha(form);
    await form.getByRole('button', { name: 'સબમિટ કરો' }).click();
    await page.locator('.Toastify').getByText('તમારું ફોર્મ સફળતાપૂર્વક સબમિટ થઈ ગયું છે').first().waitFor();

    // Staff find the lead with the language it came in and the notice the visitor agreed to.
    const lead = first(
      await site.db.query<{ id: string; reference: string }>(
        `select id, reference from submissions where form_id = 'city-lead' and data->>'email' = 'hetal.patel@example.com'`,
      ),
      'the lead',
    );
    await createUser(site.db, { username: 'surat.admin', password: PASSWORD, role: 'ADMIN', fullName: 'Surat Admin' });
    await signIn(context, site.url, 'surat.admin', PASSWORD);
    const detail = await (await context.request.get(`/api/leads/${lead.id}`)).json();
    expect(detail).toMatchObject({
      locale: 'gu',
      city: 'Surat',
      consent: { lang: 'gu', version: expect.stringMatching(/^[0-9a-f]{12}$/) },
    });
    expect(detail.consent.text).toMatch(/^હું સંમતિ આપું છું/);

    // The visitor's mail, in Gujarati, at the SMTP server; staff's in English.
    const ack = await mailTo('hetal.patel@example.com');
    expect(ack.subject).toBe('Hireframe નો સંપર્ક કરવા બદલ આભાર');
    expect(ack.html).toContain('નમસ્તે હેતલ પટેલ');
    expect(ack.html).toContain('કંપની / HR');
    expect(ack.html).toContain(`તમારો રેફરન્સ નંબર: ${lead.reference}`);
    expect(ack.html).toContain('મારી સંમતિ પાછી ખેંચો');
    const staff = await mailTo('business@hireframe.in');
    expect(staff.subject).toBe('New Employer / HR lead from Surat: હેતલ પટેલ');

    expect(problems).toEqual([]);
    await context.close();
  });
});
