import { describe, expect, it } from 'vitest';
import { renderPage } from '../../src/entry-server';
import { sourcePages } from '../../src/server/site/source-pages';
import { first } from '../support/present';

// The routes of pages/, each read from its file with placeholders filled.
const pages = sourcePages();
const jsonRoutes = [...pages.routes().keys()];

const firstHeading = (blocks: Record<string, unknown>[]) => {
  const hero = first(blocks, 'a first block on the page');
  if (hero.type === 'hero-carousel') return first(hero.slides as { heading: string }[], 'a first slide in the hero carousel').heading;
  return String(hero.heading);
};

const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');

describe('every page renders on the server', () => {
  it('knows the routes of the spec', () => {
    for (const route of [
      '/',
      '/franchise',
      '/franchise/surat',
      '/franchise/chennai',
      '/why-hireframe',
      '/not-found',
      '/top-executive-recruitment-firm',
    ]) {
      expect(jsonRoutes).toContain(route);
    }
  });

  it.each(jsonRoutes)('%s', async (route) => {
    const page = pages.page(route)!;
    const { html, meta } = await renderPage(page);
    expect(meta.title).not.toMatch(/\{\w+\}/);
    const text = decode(html);
    // Booleans keep a failure's report short: the HTML runs to tens of kilobytes.
    expect(text.includes(firstHeading(page.blocks as never)), 'main heading').toBe(true);
    // Placeholders are filled from pages/site.json and nothing renders as "undefined".
    expect(text.match(/\{(brand|phone|email|address|slug)\}/)?.[0], 'unfilled placeholder').toBeUndefined();
    expect(text.includes('undefined'), '"undefined" in the HTML').toBe(false);
    // The shell: navigation for a visitor and the footer.
    expect(text.includes('Our Services'), 'navigation').toBe(true);
    expect(text.includes('Jobs in Bengaluru'), 'footer').toBe(true);
  });
});
