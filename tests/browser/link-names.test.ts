import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { fillSite } from '../../src/content/site';
import { readPageFiles } from '../../src/server/site/pages-on-disk';
import { hydrated, launchChromium, startSite, visit } from './harness';

let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchChromium()]);
  page = (await visit(browser, site.url)).page;
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const routes = readPageFiles()
  .filter((f) => f.kind === 'page')
  .map((f) => fillSite(JSON.parse(f.text) as { route: string }).route)
  .sort();

/**
 * Names that say nothing of where a link or button leads: Lighthouse's list for English (its SEO audit fails a page
 * on these) and the site's own generic labels, which need the context a page gives them.
 */
const generic = new Set([
  'click here',
  'click this',
  'go',
  'here',
  'information',
  'learn more',
  'more',
  'more info',
  'more information',
  'right here',
  'read more',
  'see more',
  'start',
  'this',
  'apply now',
  'register now',
  'get started',
  'call us',
  'call us today',
  'email us',
  'write to us',
  'talk to us',
  'see why',
  'how it works',
  'see how it works',
  'see events',
  'view events',
  'upcoming events',
]);

interface Named {
  /** The accessible name: aria-label, else the text (with images' alt), screen-reader-only words included. */
  name: string;
  /** The words on screen. */
  shown: string;
  href: string | null;
}

function names(locator: Locator): Promise<Named[]> {
  return locator.evaluateAll((els) =>
    els.map((el) => {
      const text = (node: Node, withHidden: boolean): string => {
        if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
        if (!(node instanceof Element) || node.getAttribute('aria-hidden') === 'true') return '';
        if (!withHidden && node.classList.contains('visually-hidden')) return '';
        if (node instanceof HTMLImageElement) return node.alt;
        return [...node.childNodes].map((c) => text(c, withHidden)).join('');
      };
      const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
      return { name: clean(el.getAttribute('aria-label') ?? text(el, true)), shown: clean(text(el, false)), href: el.getAttribute('href') };
    }),
  );
}

function problemsOf(named: Named[]) {
  return named.flatMap(({ name, shown, href }) => [
    ...(generic.has(name.toLowerCase()) ? [`"${name}" (${href}) says nothing of where it leads`] : []),
    // Speech input users say what they see: the name must hold the words shown.
    ...(shown && !name.toLowerCase().includes(shown.toLowerCase()) ? [`"${name}" does not contain its visible text "${shown}"`] : []),
  ]);
}

describe('every link and page button has a descriptive name that holds its visible text', () => {
  it('covers every page of pages/', () => {
    expect(routes).toContain('/');
    expect(routes).toContain('/franchise/chennai');
    expect(routes.length).toBeGreaterThanOrEqual(30);
  });

  it.each(routes)('%s', async (route) => {
    await page.goto(route);
    await hydrated(page);
    const links = await names(page.locator('a[href]'));
    // A form's submit button takes its meaning from the form around it; the others must say it themselves.
    const buttons = await names(page.locator('main button.button:not([type="submit"])'));
    expect(links.length).toBeGreaterThan(10);
    expect(problemsOf([...links, ...buttons])).toEqual([]);
  });

  it('the announcement: Read More, about what', async () => {
    const { page: first, context } = await visit(browser, site.url, { announcementSeen: false });
    await first.goto('/about');
    const dialog = first.getByRole('dialog', { name: /12 million investment/ });
    await dialog.waitFor();
    const [link] = await names(dialog.locator('a[href]'));
    expect(link).toEqual({ name: 'Read More about the 12 million investment in Hireframe', shown: 'Read More', href: '/press-release' });
    await context.close();
  });
});
