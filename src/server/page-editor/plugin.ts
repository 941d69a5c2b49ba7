import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { PageDocument } from '../../shared/generated/page-document';
import { formsOf } from '../forms/form-catalog';
import { publicPageRenderer, type PublicPageRenderer } from '../site/public-page-html';
import { sourcePages } from '../site/source-pages';
import { editorContext } from './editor-context';
import { draftRoutes } from './draft-routes';
import { editorSchemaRoutes } from './editor-schema-routes';
import { pageMoveRoutes } from './move-routes';
import { previewRoutes } from './preview-routes';
import { publishRoutes } from './publish-routes';
import { publishedPages, type PublishedPages } from './published-pages';
import { pageRouteRefusal } from './route-rules';
import { runSchedules } from './schedule-runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pages published in the editor, which the site serves in place of their files. */
    publishedPages: PublishedPages;
    /** Renders a page document as the build does; one renderer, as it renders one page at a time. */
    pageRenderer: PublicPageRenderer;
    /** Why no page may be made or published at a route (src/server/page-editor/route-rules.ts); undefined if one may. */
    pageRouteRefusal(route: string): string | undefined;
  }
}

/**
 * The page editor and the published pages the site serves in their files' place. Registered before the site's
 * routes, which ask `app.publishedPages` first; a form sent from a published page is checked against it (page-source);
 * a scheduled publish is applied by a timer on every process (the first to take a schedule publishes it).
 */
export default fp(
  async (app: FastifyInstance) => {
    const renderer = publicPageRenderer(app.config.distDir);
    const pages = sourcePages();
    app.decorate('pageRenderer', renderer);
    app.decorate('pageRouteRefusal', (route: string) => pageRouteRefusal(route, pages, app.registeredRoutes()));
    app.decorate('publishedPages', publishedPages(app.db, renderer, app.log));
    // A form sent from a page published here is checked against that page (its fixed city, its hidden fields).
    app.pageSource.provide('editor', async (route) => {
      const published = await app.publishedPages.page(route);
      return published && formsOf(JSON.parse(published.data) as PageDocument);
    });

    const context = editorContext(app, pages, renderer);
    for (const routes of [draftRoutes, publishRoutes, previewRoutes, pageMoveRoutes]) await app.register(routes(context));
    await app.register(editorSchemaRoutes);
    runSchedules(app, context.publishRevision);
  },
  { name: 'page-editor', dependencies: ['database', 'page-source'] },
);
