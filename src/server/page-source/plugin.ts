import fp from 'fastify-plugin';
import type { PageForms } from '../forms/form-catalog';

/** The forms of the page a source has at a route; undefined when it has none there. */
export type PageFormsLookup = (route: string) => Promise<PageForms | undefined>;

/**
 * Where the site's pages come from, in the order they are asked: a page published in the page editor stands in for
 * the page of pages/ the server started with (as built, or as on disk).
 */
const ORIGINS = ['editor', 'files'] as const;
export type PageOrigin = (typeof ORIGINS)[number];

export interface PageSource {
  /** The forms of the page the site serves at a route, from the first origin that has one; undefined when none has. */
  page: PageFormsLookup;
  /** Says where one origin's pages are read; each origin once (an origin no one provides has no pages). */
  provide(origin: PageOrigin, lookup: PageFormsLookup): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the page a form is sent from (or a vitals report names) is read. */
    pageSource: PageSource;
  }
}

/**
 * Where a page's forms come from, as one service: the forms plugin provides the pages it was started with, the page
 * editor those published in it, and a submission or a report asks `app.pageSource.page` without knowing either.
 */
export default fp(
  async (app) => {
    const lookups = new Map<PageOrigin, PageFormsLookup>();
    app.decorate<PageSource>('pageSource', {
      async page(route) {
        for (const origin of ORIGINS) {
          const found = await lookups.get(origin)?.(route);
          if (found) return found;
        }
        return undefined;
      },
      provide(origin, lookup) {
        if (lookups.has(origin)) throw new Error(`The pages from ${origin} are provided already.`);
        lookups.set(origin, lookup);
      },
    });
  },
  { name: 'page-source' },
);
