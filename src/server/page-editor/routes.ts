import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  EditablePageReply,
  EditorSchemas,
  History,
  ImageList,
  NewCityPage,
  PageList,
  PreviewPage,
  PreviewReply,
  PublishPage,
  RollbackPage,
  RouteQuery,
  SaveConflict,
  SavePage,
  PreviewParams,
  type EditablePage,
  type PageStatus,
  type PageSummary,
} from '../../shared/api/page-editor';
import { cityPageFromTemplate, cityTemplateProblem } from '../../shared/city-page';
import type { PageDocument } from '../../shared/generated/page-document';
import { describeChanges, pageChanges } from '../../shared/page-diff';
import { PAGE_EDITOR_ROLES } from '../../shared/roles';
import { formsOf } from '../forms/form-catalog';
import { FieldErrors, sendError } from '../http/error-reply';
import { publicPageRenderer, type PublicPageRenderer } from '../site/public-page-html';
import { sourcePages, type SourcePages } from '../site/source-pages';
import { editorSchemas, isLinkProblem, pageFile, pageProblems, publicImages, servedRoute } from './page-checks';
import { publishedPages, type PublishedPages } from './published-pages';
import { pageMoveRoutes } from './move-routes';
import { pageRouteRefusal } from './route-rules';
import { listPageImages, uploadedImagePaths } from '../page-images/store';
import {
  draftByToken,
  dueSchedules,
  history,
  pageState,
  pageStates,
  publish,
  publishedDocuments,
  revision,
  saveRevision,
  schedule,
  takeSchedule,
  type PageStateRow,
} from './store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pages published in the editor, which the site serves in place of their files. */
    publishedPages: PublishedPages;
    /** Renders a page document as the build does; one renderer, as it renders one page at a time. */
    pageRenderer: PublicPageRenderer;
    /** Why no page may be made or published at a route (src/server/page-editor/route-rules.ts); undefined if one may. */
    pageRouteRefusal(route: string): string | undefined;
    /** Publishes the schedules that are due (the timer calls it; tests call it to skip the wait). */
    applyDueSchedules(): Promise<void>;
  }
}

const NO_PAGE = 'No page at this route.';
const NO_REVISION = 'No such revision of this page.';
const CONFLICT = 'Someone else saved this page since you opened it. Their version is shown with what differs from yours.';
const SCHEDULE_EVERY_MS = 30_000;

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

function statusOf(state: PageStateRow | undefined): PageStatus {
  if (!state) return 'file';
  if (state.scheduled_at) return 'scheduled';
  return state.published_revision_id === state.head_revision_id ? 'edited' : 'draft';
}

const authorOf = (request: FastifyRequest) => request.user.fullName || request.user.username;

/** The page editor's API: list, open, check and preview, save (with conflicts refused), publish, schedule, roll back. */
const pageEditorRoutes = (renderer: PublicPageRenderer, pages: SourcePages): FastifyPluginAsyncTypebox =>
  async function routes(app) {
    const access = PAGE_EDITOR_ROLES;

    const otherPublished = () => publishedDocuments(app.db);
    /** What publishing refuses: first a route no page may have, then what `npm run validate` refuses. */
    const problemsOf = async (route: string, document: Record<string, unknown>) => {
      const refusal = app.pageRouteRefusal(route);
      if (refusal) return [{ pointer: '/route', message: refusal }];
      return pageProblems(pages, route, document, await otherPublished(), await uploadedImagePaths(app.db, document));
    };

    /** The page as the editor opens it: its latest revision, or its file; undefined when neither exists. */
    async function editable(route: string): Promise<EditablePage | undefined> {
      const state = await pageState(app.db, route);
      const head = state && (await revision(app.db, route, state.head_revision_id));
      const file = pageFile(pages, route)?.document;
      const document = head?.document ?? file;
      if (!document) return undefined;
      return {
        route,
        status: statusOf(state),
        document,
        revisionId: state ? Number(state.head_revision_id) : null,
        publishedRevisionId: state?.published_revision_id ? Number(state.published_revision_id) : null,
        scheduledAt: iso(state?.scheduled_at ?? null),
        previewPath: state ? `/page-preview/${state.preview_token}` : null,
        problems: await problemsOf(route, document),
        fromFile: file !== undefined,
      };
    }

    async function mustBeEditable(route: string) {
      const page = await editable(route);
      if (!page) throw app.httpErrors.notFound(NO_PAGE);
      return page;
    }

    /** Refuses to publish a page `npm run validate` would refuse, each problem at its field. */
    async function checkForPublishing(route: string, document: Record<string, unknown>) {
      const problems = await problemsOf(route, document);
      if (problems.length)
        throw new FieldErrors(
          400,
          problems.map((p) => ({ field: p.pointer, message: p.message })),
        );
    }

    app.get('/api/admin/pages', { config: { access }, schema: { response: { 200: PageList } } }, async () => {
      const states = new Map((await pageStates(app.db)).map((s) => [s.route, s]));
      const routes = [...new Set([...pages.routes().keys(), ...states.keys()])].sort();
      const summaries: PageSummary[] = [];
      for (const route of routes) {
        const state = states.get(route);
        const document = state ? (await revision(app.db, route, state.head_revision_id))?.document : pageFile(pages, route)?.document;
        const meta = (document?.meta ?? {}) as { title?: string };
        summaries.push({
          route,
          title: String(meta.title ?? route),
          status: statusOf(state),
          city: typeof document?.city === 'string' ? document.city : null,
          updatedAt: iso(state?.head_created_at ?? null),
          updatedBy: state?.head_author ?? null,
          scheduledAt: iso(state?.scheduled_at ?? null),
        });
      }
      return { pages: summaries };
    });

    app.get(
      '/api/admin/pages/page',
      { config: { access }, schema: { querystring: RouteQuery, response: { 200: EditablePageReply } } },
      async (request) => ({ page: await mustBeEditable(request.query.route) }),
    );

    app.put(
      '/api/admin/pages/page',
      { config: { access }, schema: { querystring: RouteQuery, body: SavePage, response: { 200: EditablePageReply, 409: SaveConflict } } },
      async (request, reply) => {
        const { route } = request.query;
        const { document, baseRevisionId } = request.body;
        await mustBeEditable(route);
        if (servedRoute(document) !== route) {
          throw new FieldErrors(400, [{ field: '/route', message: `The route stays ${route}: make a new page for another address.` }]);
        }
        const base = baseRevisionId === null ? pageFile(pages, route)?.document : (await revision(app.db, route, baseRevisionId))?.document;
        const saved = await saveRevision(app.db, {
          route,
          document,
          baseRevisionId,
          authorId: request.user.id,
          authorName: authorOf(request),
          summary: describeChanges(pageChanges(base ?? {}, document)),
        });
        if (saved === 'conflict') {
          const latest = await mustBeEditable(route);
          return reply.code(409).send({
            error: CONFLICT,
            errors: [{ field: '', message: CONFLICT }],
            current: latest,
            changes: pageChanges(document, latest.document),
          });
        }
        return { page: await mustBeEditable(route) };
      },
    );

    /** Renders a revision, stores its HTML as the page's published one and tells every process. */
    async function publishRevision(route: string, revisionId: number, by: string) {
      const chosen = await revision(app.db, route, revisionId);
      if (!chosen) throw app.httpErrors.notFound(NO_REVISION);
      await checkForPublishing(route, chosen.document);
      const rendered = await renderer.render(chosen.document as unknown as PageDocument);
      await publish(app.db, { route, revisionId, ...rendered, build: await renderer.build(), by });
      await app.publishedPages.changed();
    }

    app.post(
      '/api/admin/pages/publish',
      { config: { access }, schema: { querystring: RouteQuery, body: PublishPage, response: { 200: EditablePageReply } } },
      async (request) => {
        const { route } = request.query;
        const { revisionId, at } = request.body;
        await mustBeEditable(route);
        const when = at ? new Date(at) : undefined;
        if (when && when.getTime() > Date.now()) {
          const chosen = await revision(app.db, route, revisionId);
          if (!chosen) throw app.httpErrors.notFound(NO_REVISION);
          await checkForPublishing(route, chosen.document);
          await schedule(app.db, route, revisionId, when);
        } else {
          await publishRevision(route, revisionId, authorOf(request));
        }
        return { page: await mustBeEditable(route) };
      },
    );

    app.post(
      '/api/admin/pages/rollback',
      { config: { access }, schema: { querystring: RouteQuery, body: RollbackPage, response: { 200: EditablePageReply } } },
      async (request) => {
        const { route } = request.query;
        const page = await mustBeEditable(route);
        const earlier = await revision(app.db, route, request.body.revisionId);
        if (!earlier) throw app.httpErrors.notFound(NO_REVISION);
        // A rollback is a new revision with the earlier document, published at once: history only ever grows.
        const saved = await saveRevision(app.db, {
          route,
          document: earlier.document,
          baseRevisionId: page.revisionId,
          authorId: request.user.id,
          authorName: authorOf(request),
          summary: `back to revision ${earlier.id}: ${describeChanges(pageChanges(page.document, earlier.document))}`,
        });
        if (saved === 'conflict') throw app.httpErrors.conflict(CONFLICT);
        await publishRevision(route, Number(saved.id), authorOf(request));
        return { page: await mustBeEditable(route) };
      },
    );

    app.get(
      '/api/admin/pages/history',
      { config: { access }, schema: { querystring: RouteQuery, response: { 200: History } } },
      async (request) => {
        const { route } = request.query;
        const state = await pageState(app.db, route);
        const rows = await history(app.db, route);
        const file = pageFile(pages, route)?.document ?? {};
        return {
          revisions: rows.map((row, i) => ({
            id: Number(row.id),
            author: row.author_name,
            createdAt: new Date(row.created_at).toISOString(),
            summary: row.summary,
            published: state?.published_revision_id === row.id,
            changes: pageChanges(rows[i + 1]?.document ?? file, row.document),
          })),
        };
      },
    );

    app.post(
      '/api/admin/pages/preview',
      { config: { access }, schema: { body: PreviewPage, response: { 200: PreviewReply } } },
      async (request) => {
        const { document } = request.body;
        const route = servedRoute(document);
        const problems = await problemsOf(route, document);
        try {
          const { html } = await renderer.render(document as unknown as PageDocument, { noindex: true });
          return { html, problems };
        } catch (error) {
          request.log.info({ err: error }, 'preview could not render');
          return { html: '', problems };
        }
      },
    );

    app.post(
      '/api/admin/pages/new-city',
      { config: { access }, schema: { body: NewCityPage, response: { 201: EditablePageReply } } },
      async (request, reply) => {
        const { template, route, name } = request.body;
        const source = await mustBeEditable(template);
        const problem = cityTemplateProblem(source.document, route) ?? app.pageRouteRefusal(route);
        if (problem) throw new FieldErrors(400, [{ field: 'route', message: problem }]);
        if (await editable(route)) throw new FieldErrors(400, [{ field: 'route', message: `A page at ${route} exists already.` }]);
        const document = cityPageFromTemplate(source.document, route, name);
        const saved = await saveRevision(app.db, {
          route,
          document,
          baseRevisionId: null,
          authorId: request.user.id,
          authorName: authorOf(request),
          summary: `new city ${name} from ${template}`,
        });
        if (saved === 'conflict') throw app.httpErrors.conflict(`A page at ${route} was just made by someone else.`);
        return reply.code(201).send({ page: await mustBeEditable(route) });
      },
    );

    await app.register(pageMoveRoutes({ pages, renderer, editable, mustBeEditable, problemsOf }));

    app.get('/api/admin/pages/schemas', { config: { access }, schema: { response: { 200: EditorSchemas } } }, async () => editorSchemas());

    app.get('/api/admin/pages/images', { config: { access }, schema: { response: { 200: ImageList } } }, async () => ({
      images: publicImages(),
      uploads: await listPageImages(app.db),
    }));

    // The draft's private address: anyone with the link may look, nothing may index it.
    app.get('/page-preview/:token', { schema: { params: PreviewParams } }, async (request, reply) => {
      const { token } = request.params;
      const draft = /^[A-Za-z0-9_-]{20,64}$/.test(token) ? await draftByToken(app.db, token) : undefined;
      reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', 'no-store');
      if (!draft) return sendError(reply, 404, 'No draft at this address.');
      // Shown on the site's own address to anyone with the link, so held to publishing's rules: no link publishing
      // would refuse, and no page at a route publishing refuses (whose links are not even checked).
      const refusal = app.pageRouteRefusal(draft.route);
      if (refusal) return sendError(reply, 422, refusal);
      const links = (await problemsOf(draft.route, draft.document)).filter(isLinkProblem);
      if (links.length) {
        const where = links.map((p) => ({ field: p.pointer, message: p.message }));
        return sendError(reply, 422, 'This draft has links publishing would refuse: fix them in the page editor to preview it.', where);
      }
      const { html } = await renderer.render(draft.document as unknown as PageDocument, { noindex: true });
      return reply.type('text/html; charset=utf-8').send(html);
    });
  };

/**
 * The page editor and the published pages the site serves in their files' place. Registered before the site's
 * routes, which ask `app.publishedPages` first; a scheduled publish is applied by a timer on every process (the
 * first to take a schedule publishes it).
 */
export default fp(
  async (app: FastifyInstance) => {
    const renderer = publicPageRenderer(app.config.distDir);
    const pages = sourcePages();
    app.decorate('pageRenderer', renderer);
    app.decorate('pageRouteRefusal', (route: string) => pageRouteRefusal(route, pages, app.registeredRoutes()));
    app.decorate('publishedPages', publishedPages(app.db, renderer, app.log));
    await app.register(pageEditorRoutes(renderer, pages));
    // A form sent from a page published here is checked against that page (its fixed city, its hidden fields).
    const pageFormsFromFiles = app.formCatalog.page;
    app.formCatalog.page = async (route) => {
      const published = await app.publishedPages.page(route);
      return published ? formsOf(JSON.parse(published.data) as PageDocument) : pageFormsFromFiles(route);
    };
    app.decorate('applyDueSchedules', async () => {
      for (const due of await dueSchedules(app.db)) {
        if (!(await takeSchedule(app.db, due.route, due.revision_id))) continue;
        const chosen = await revision(app.db, due.route, due.revision_id);
        if (!chosen) continue;
        try {
          const rendered = await renderer.render(chosen.document as unknown as PageDocument);
          await publish(app.db, {
            route: due.route,
            revisionId: Number(due.revision_id),
            ...rendered,
            build: await renderer.build(),
            by: due.by,
          });
          await app.publishedPages.changed();
        } catch (error) {
          app.log.error({ err: error }, `scheduled publish of ${due.route} failed`);
        }
      }
    });
    const timer = setInterval(
      () => app.applyDueSchedules().catch((error: unknown) => app.log.warn({ err: error }, 'scheduled publishing failed')),
      SCHEDULE_EVERY_MS,
    );
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'page-editor', dependencies: ['database', 'forms'] },
);
