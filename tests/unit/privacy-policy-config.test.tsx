import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RichTextBlock } from '../../src/blocks/rich-text/rich-text-block';
import type { PageDocument, RichTextBlock as RichTextProps } from '../../src/shared/generated/page-document';
import type { SiteConfig } from '../../src/shared/generated/site-config';
import { inLocale } from '../../src/shared/localized-text';

const read = <T,>(path: string) => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')) as T;

describe('the privacy policy, from the retention and grievance config of pages/site.json', () => {
  // In English, as the English policy reads it: a label may carry its words in other languages too.
  const site = inLocale(read<SiteConfig>('pages/site.json'), 'en');
  const policy = read<PageDocument>('pages/privacy-policy.json').blocks.find((b): b is RichTextProps => b.type === 'rich-text')!;
  const html = renderToString(<RichTextBlock {...policy} />).replace(/<!-- -->/g, '');

  it('lists every retention period the housekeeping job enforces, in words', () => {
    expect(site.privacy.retention.leads).toMatchObject({ months: 24 });
    expect(html).toContain(`${site.privacy.retention.leads.label}: 24 months.`);
    expect(html).toContain(`${site.privacy.retention.unclaimedUploads.label}: 1 day.`);
    for (const period of Object.values(site.privacy.retention)) expect(html).toContain(period.label);
  });

  it('names the grievance officer with their contact', () => {
    const { name, email } = site.privacy.grievanceOfficer;
    expect(html).toMatch(new RegExp(`${name}, Grievance Officer, ${site.brand.legalName}, .*Email: ${email}`));
    expect(html).toContain('href="/your-data"');
  });
});
