import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accessibilityViolations, closePortalSite, signIn, startPortalSite, visit, type Site } from './harness';
import { createUser } from '../../src/server/users/store';

// An admin changes who a rule's leads go to at /admin/lead-routing: the browser's own check stops a rule without a
// name at its field, the save is confirmed, and the history lists the new version.
let site: Site;
let browser: Browser;
const PASSWORD = 'correct horse 42';

beforeAll(async () => {
  ({ site, browser } = await startPortalSite());
  await createUser(site.db, { username: 'asha.admin', password: PASSWORD, role: 'ADMIN', fullName: 'Asha Rao' });
  await createUser(site.db, { username: 'gita.bde', password: PASSWORD, role: 'BDE', fullName: 'Gita Menon' });
});
afterAll(() => closePortalSite({ site, browser }));

const FRANCHISE_RULE = "A franchise city's leads go to its franchise BDEs";

describe('the lead routing editor', () => {
  for (const [width, team, key] of [
    [1366, 'Head-office BDEs', 'head-office'],
    [390, "Franchise BDEs of the lead's city", 'franchise-city'],
  ] as const) {
    it(`lets an admin send a rule's leads to ${key} and see it in the history (${width} px)`, async () => {
      const { page, context, problems } = await visit(browser, site.url, { width });
      await signIn(context, site.url, 'asha.admin', PASSWORD);
      await page.goto('/admin');
      await page
        .getByRole('navigation', { name: 'Admin sections' })
        .getByRole('link', { name: /Lead routing/ })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Lead routing' }).waitFor();
      const saved = await site.db.query('select id from lead_routing_versions');

      const rule = page.getByRole('listitem', { name: /^Rule 2:/ });
      const name = rule.getByLabel('What the rule is for');
      // Checked in the browser before anything is sent: the problem is at its field, the admin's change stays.
      await rule.getByLabel('Goes to').selectOption({ label: team });
      await name.fill('');
      await page.getByRole('button', { name: 'Save the rules' }).click();
      await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => rule.locator('.text-danger').first().textContent()).toBe('must not be empty');
      await page.getByRole('alert').getByText('Rule 2, name: must not be empty').waitFor();
      await expect.poll(() => name.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await rule.getByLabel('Goes to').locator('option:checked').textContent()).toBe(team);
      expect(await site.db.query('select id from lead_routing_versions')).toHaveLength(saved.length);

      await name.fill(`${FRANCHISE_RULE} (${width})`);
      // What only the server can tell (the placeholders the mails know) is shown at its field the same way.
      const subject = page.getByRole('region', { name: 'Morning digest' }).getByLabel('Subject');
      const written = await subject.inputValue();
      await subject.fill('Your leads today: {cuont} to work');
      await page.getByRole('button', { name: 'Save the rules' }).click();
      await page
        .getByRole('alert')
        .getByText(/^Morning digest, subject: unknown placeholder \{cuont\}/)
        .waitFor();
      await expect.poll(() => subject.getAttribute('aria-invalid')).toBe('true');
      expect(await name.inputValue()).toBe(`${FRANCHISE_RULE} (${width})`);
      expect(await site.db.query('select id from lead_routing_versions')).toHaveLength(saved.length);
      await subject.fill(written);
      await page.getByLabel(/What you changed/).fill(`Franchise leads to ${team}, ${width}`);
      await page.getByRole('button', { name: 'Save the rules' }).click();
      await page.getByRole('status').getByText('Saved. New leads follow these rules from now.').waitFor();

      const history = page.getByRole('region', { name: 'History' });
      const newest = history.getByRole('listitem').first();
      await newest.getByText(`Franchise leads to ${team}, ${width}`).waitFor();
      expect(await newest.textContent()).toMatch(/Version \d+ saved by Asha Rao on .*In force/);
      const [row] = await site.db.query<{ data: { rules: { name: string; team: string | null }[] } }>(
        'select data from lead_routing_versions order by id desc limit 1',
      );
      expect(row?.data.rules[1]).toEqual({ name: `${FRANCHISE_RULE} (${width})`, team: key });

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await accessibilityViolations(page)).toEqual([]);
      // The browser logs the server's refusal of the unknown placeholder; nothing else.
      expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
      await context.close();
    });
  }
});
