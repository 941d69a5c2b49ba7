import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fillPlaceholders, formPlaceholderValues, placeholderValues } from '../../src/shared/placeholders';
import { dueTimes } from '../../src/server/lead-clock/due-times';
import type { SiteConfig } from '../../src/shared/generated/site-config';
import type { LeadRouting } from '../../src/shared/generated/lead-routing';

const site = JSON.parse(readFileSync('pages/site.json', 'utf8')) as SiteConfig;
const { responseClock } = JSON.parse(readFileSync('pages/lead-routing.json', 'utf8')) as LeadRouting;
const home = JSON.parse(readFileSync('pages/home.json', 'utf8')) as unknown;
const HOUR = 3_600_000;

// What the pages promise and what the response clock keeps are one value: replyHours of pages/site.json.
describe('the promised reply', () => {
  it('is what the pages say and what the clock counts', () => {
    const at = new Date('2026-11-27T10:00:00+05:30');
    for (const replyHours of [site.replyHours, 12]) {
      const values = placeholderValues({ ...site, replyHours });
      expect(JSON.stringify(fillPlaceholders(home, values))).toContain(`We follow up within ${replyHours} hours.`);
      const { respondBy } = dueTimes(responseClock, { site: replyHours, form: undefined }, at);
      expect(respondBy.getTime() - at.getTime()).toBe(replyHours * HOUR);
    }
  });

  it("is a form's own where it makes one, in its texts and on its clock", () => {
    const values = formPlaceholderValues(placeholderValues(site), { responseHours: 4 });
    expect(fillPlaceholders('We will call you within {replyHours} hours.', values)).toBe('We will call you within 4 hours.');
    const at = new Date('2026-11-27T10:00:00+05:30');
    expect(dueTimes(responseClock, { site: site.replyHours, form: 4 }, at).respondBy.getTime() - at.getTime()).toBe(4 * HOUR);
  });
});
