import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hydrated, launchChromium, passCaptcha, startSite, visit, type Site } from './harness';
import { createUser } from '../../src/server/users/store';
import { first } from '../support/present';

// A visitor who arrives from a campaign link and sends a lead on another page: the campaign reaches the stored lead
// and its CSV row, through the island loader's record of the visit (no React) and the form's submission.
let site: Site;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ config: { formsPerMinute: 100, outboxIntervalMs: 0 } }), launchChromium()]);
  await createUser(site.db, { username: 'asha.admin', password: 'correct horse 42', role: 'ADMIN', fullName: 'Asha Rao' });
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('where a lead came from', () => {
  it('carries the campaign of the page a visitor landed on to the lead sent from another page, and to the CSV', async () => {
    const { page, context, problems } = await visit(browser, site.url);
    await page.goto('/franchise/surat?utm_source=facebook&utm_medium=paid-social&utm_campaign=surat-walkin-dec&fbclid=IwAR0secret');
    // Recorded at load, before the visitor does anything and before any island wakes.
    const kept = await page.evaluate(() => localStorage.getItem('hf-attribution'));
    expect(JSON.parse(kept ?? 'null')).toMatchObject({
      first: { utm_source: 'facebook', utm_campaign: 'surat-walkin-dec', clickIds: ['fbclid'], landingPage: '/franchise/surat' },
    });
    expect(kept).not.toContain('IwAR0secret');
    expect(await page.evaluate(() => document.querySelectorAll('hf-island[data-hydrated]').length)).toBe(0);

    // On to another page of the site, and its form.
    await page.goto('/it-recruitment');
    await hydrated(page);
    const form = page.locator('form.form-consultation');
    await form.getByLabel(/^Full Name/).pressSequentially('Kiran Desai');
    await form.getByLabel(/^Email/).pressSequentially('kiran.desai@example.com');
    await form.getByLabel(/^Contact Number/).pressSequentially('9876543210');
    await form.getByText('Looking For Candidate').click();
    await passCaptcha(form);
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.locator('.Toastify').getByText('Your request has been submitted successfully').first().waitFor();

    const lead = first(
      await site.db.query<{ id: string; page: string; source: string; attribution: { first: object; last: object } }>(
        `select id, page, source, attribution from submissions where data->>'name' = 'Kiran Desai'`,
      ),
      'the stored lead',
    );
    expect(lead).toMatchObject({ page: '/it-recruitment', source: 'facebook' });
    const campaign = {
      utm_source: 'facebook',
      utm_medium: 'paid-social',
      utm_campaign: 'surat-walkin-dec',
      clickIds: ['fbclid'],
      landingPage: '/franchise/surat',
    };
    expect(lead.attribution).toMatchObject({ first: campaign, last: campaign });

    const login = await fetch(`${site.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'asha.admin', password: 'correct horse 42' }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const csv = await (await fetch(`${site.url}/api/leads.csv?source=facebook`, { headers: { cookie } })).text();
    const [header = '', row = ''] = csv.replace(/^\uFEFF/, '').split('\r\n');
    const cells = row.split(',');
    const cell = (column: string) => cells[header.split(',').indexOf(column)];
    expect(cell('name')).toBe('Kiran Desai');
    expect(cell('source')).toBe('facebook');
    expect([cell('first utm_medium'), cell('first utm_campaign'), cell('first click ids')]).toEqual([
      'paid-social',
      'surat-walkin-dec',
      'fbclid',
    ]);
    expect(cell('created_at')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+05:30$/);
    expect(problems).toEqual([]);
    await context.close();
  });
});
