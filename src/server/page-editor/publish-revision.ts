import type { FastifyInstance } from 'fastify';
import type { PageDocument } from '../../shared/generated/page-document';
import type { PublicPageRenderer } from '../site/public-page-html';
import { publish, type RevisionRow } from './store';

/** A document rendered as the site will serve it, with the build that made it (a later build renders it again). */
export async function renderForPublishing(renderer: PublicPageRenderer, document: Record<string, unknown>) {
  const rendered = await renderer.render(document as unknown as PageDocument);
  return { ...rendered, build: await renderer.build() };
}

/** Publishes a revision of the page at a route, in the name of `by`. */
export type PublishRevision = (route: string, chosen: RevisionRow, by: string) => Promise<void>;

/**
 * The one way a revision is published, by hand, by a rollback or on schedule: rendered, stored as the page's published
 * HTML and document in one update, and every process told. What publishing refuses is checked before, when the
 * revision is published or scheduled.
 */
export function revisionPublisher(app: FastifyInstance, renderer: PublicPageRenderer): PublishRevision {
  return async (route, chosen, by) => {
    const rendered = await renderForPublishing(renderer, chosen.document);
    await publish(app.db, { route, revisionId: Number(chosen.id), ...rendered, by });
    await app.publishedPages.changed();
  };
}
