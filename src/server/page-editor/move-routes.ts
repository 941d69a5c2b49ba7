import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DeletedPage, EditablePageReply, NoBody, RenamePage, RouteQuery } from '../../shared/api/page-editor';
import { schemaPathFor } from '../../shared/city-page';
import { isCityFacts } from '../../shared/city-template';
import { PAGE_EDITOR_ROLES } from '../../shared/roles';
import { FieldErrors } from '../http/error-reply';
import { NO_PAGE, authorOf, refusedFor, type EditorContext } from './editor-context';
import { deletePage, renamePage, unpublish } from './moves-store';
import { renderForPublishing } from './publish-revision';
const FILE_PAGE = (route: string, action: string) =>
  `The page at ${route} is a file of pages/: ${action} it in git. Here it can be unpublished, so the site serves its file again.`;

const moverOf = (request: FastifyRequest) => ({ authorId: request.user.id, authorName: authorOf(request) });

/**
 * Undoing in the browser what the editor did: unpublish a page (its file, if any, is served again), delete a page
 * made in the editor, and rename one (its old route answers 301 to the new). Each leaves an entry in the page's history.
 */
export const pageMoveRoutes = ({
  pages,
  renderer,
  editable,
  mustBeEditable,
  problemsOf,
  publishableRevision,
  publishRevision,
}: EditorContext): FastifyPluginAsyncTypebox =>
  async function routes(app) {
    const access = PAGE_EDITOR_ROLES;

    app.post(
      '/api/admin/pages/unpublish',
      { config: { access }, schema: { querystring: RouteQuery, response: { 200: EditablePageReply } } },
      async (request) => {
        const { route } = request.query;
        await mustBeEditable(route);
        if (!(await unpublish(app.db, route, moverOf(request))))
          throw app.httpErrors.badRequest(`The page at ${route} is not published here.`);
        await app.publishedPages.changed();
        return { page: await mustBeEditable(route) };
      },
    );

    app.post(
      '/api/admin/pages/delete',
      { config: { access }, schema: { querystring: RouteQuery, body: NoBody, response: { 200: DeletedPage } } },
      async (request) => {
        const { route } = request.query;
        await mustBeEditable(route);
        if (pages.routes().has(route)) throw app.httpErrors.badRequest(FILE_PAGE(route, 'delete'));
        if (!(await deletePage(app.db, route, moverOf(request)))) throw app.httpErrors.notFound(NO_PAGE);
        await app.publishedPages.changed();
        return { route };
      },
    );

    app.post(
      '/api/admin/pages/rename',
      { config: { access }, schema: { querystring: RouteQuery, body: RenamePage, response: { 200: EditablePageReply } } },
      async (request) => {
        const { route } = request.query;
        const { to } = request.body;
        const page = await mustBeEditable(route);
        if (pages.routes().has(route)) throw app.httpErrors.badRequest(FILE_PAGE(route, 'rename'));
        if (to === route || (await editable(to))) throw new FieldErrors(400, [{ field: 'to', message: `A page at ${to} exists already.` }]);
        const schema = isCityFacts(page.document) ? 'city-page.json' : 'page.json';
        const document = { ...page.document, route: to, $schema: schemaPathFor(`pages${to}.json`, schema) };
        const problems = await problemsOf(to, document, route);
        const refusal = problems.find((p) => p.pointer === '/route');
        if (refusal) throw new FieldErrors(400, [{ field: 'to', message: refusal.message }]);
        // A published page stays published at its new route, so it must be one publishing accepts.
        const wasPublished = page.publishedRevisionId !== null;
        if (wasPublished && problems.length) throw refusedFor(problems);
        const published = wasPublished ? await renderForPublishing(renderer, document) : undefined;
        const renamed = await renamePage(app.db, { from: route, to, document, published, ...moverOf(request) });
        if (renamed === 'missing') throw app.httpErrors.notFound(NO_PAGE);
        if (renamed === 'taken') throw new FieldErrors(400, [{ field: 'to', message: `A page at ${to} was just made by someone else.` }]);
        const moved = await mustBeEditable(to);
        // Its pages in other languages follow it: published at the new route in each language its words are whole in.
        if (wasPublished && moved.revisionId !== null && moved.translations.length)
          await publishRevision(to, await publishableRevision(to, moved.revisionId), authorOf(request));
        await app.publishedPages.changed();
        return { page: await mustBeEditable(to) };
      },
    );
  };
