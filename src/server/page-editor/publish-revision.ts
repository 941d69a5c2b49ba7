import type { FastifyInstance } from 'fastify';
import type { PageDocument } from '../../shared/generated/page-document';
import type { Locale } from '../../shared/locales';
import type { PublicPageRenderer } from '../site/public-page-html';
import { publish, type RevisionRow } from './store';
import { asServed, listedLocales, wholeLocales } from './published-languages';

/** A document rendered in a language as the site will serve it, with the build that made it (a later build renders it again). */
export async function renderForPublishing(renderer: PublicPageRenderer, document: Record<string, unknown>, locale?: Locale) {
  const rendered = await renderer.render(document as unknown as PageDocument, { locale });
  return { ...rendered, build: await renderer.build() };
}

/** Publishes a revision of the page at a route, in the name of `by`. */
export type PublishRevision = (route: string, chosen: RevisionRow, by: string) => Promise<void>;

/**
 * The one way a revision is published, by hand, by a rollback or on schedule: rendered in English and in each other
 * language it is whole in, stored as the page's published HTML and documents in one transaction, and every process
 * told. What publishing refuses is checked before, when the revision is published or scheduled.
 */
export function revisionPublisher(app: FastifyInstance, renderer: PublicPageRenderer): PublishRevision {
  return async (route, chosen, by) => {
    const document = await asServed(app.db, renderer, route, chosen.document);
    const rendered = await renderForPublishing(renderer, document);
    const translations = [];
    for (const locale of wholeLocales(chosen.document))
      translations.push({ locale, ...(await renderer.render(document as unknown as PageDocument, { locale })) });
    await publish(app.db, { route, revisionId: Number(chosen.id), ...rendered, by, translations, listed: listedLocales(chosen.document) });
    await app.publishedPages.changed();
  };
}
