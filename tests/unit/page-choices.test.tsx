import { describe, expect, it } from 'vitest';
import { renderPage } from '../../src/entry-server';
import { sourcePages } from '../../src/server/site/source-pages';

const pages = sourcePages();

/** The labels of the industry select as the page's HTML shows it, in order. */
async function industriesShownOn(route: string): Promise<string[]> {
  const { html } = await renderPage(pages.page(route)!);
  const select = /<select[^>]*id="[^"]*industry"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? '';
  return [...select.matchAll(/<option[^>]*value="\d+"[^>]*>([^<]*)<\/option>/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));
}

describe("a page's choices of a shared form", () => {
  it('shows Rampur and Visakhapatnam each their own industries, in their order, from the one form', async () => {
    expect(await industriesShownOn('/franchise/rampur')).toEqual([
      'Manufacturing',
      'Banking & Finance',
      'Retail',
      'Education',
      'IT & Software',
      'Healthcare',
      'Government',
      'Agriculture',
      'Other',
    ]);
    expect(await industriesShownOn('/franchise/visakhapatnam')).toEqual([
      'IT & Software',
      'Maritime & Ports',
      'Hospitality & Tourism',
      'Education',
      'Banking & Finance',
      'Retail',
      'Healthcare',
      'Manufacturing',
      'Other',
    ]);
  });
});
