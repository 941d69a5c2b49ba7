import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EditablePageReply, NoBody, PublishPage, RollbackPage, RouteQuery } from '../../shared/api/page-editor';
import { describeChanges, pageChanges } from '../../shared/page-diff';
import { changesInWords } from './change-words';
import { PAGE_EDITOR_ROLES } from '../../shared/roles';
import { CONFLICT, authorOf, type EditorContext } from './editor-context';
import { cancelSchedule, saveRevision, schedule } from './store';

/** Publishing a revision now or at a time, taking a schedule back, and rolling back to an earlier revision. */
export const publishRoutes = ({ mustBeEditable, publishableRevision, publishRevision }: EditorContext): FastifyPluginAsyncTypebox =>
  async function routes(app) {
    const access = PAGE_EDITOR_ROLES;

    app.post(
      '/api/admin/pages/publish',
      { config: { access }, schema: { querystring: RouteQuery, body: PublishPage, response: { 200: EditablePageReply } } },
      async (request) => {
        const { route } = request.query;
        const { revisionId, at } = request.body;
        await mustBeEditable(route);
        // A schedule is checked now as a publish is: what is due then is published as it was accepted.
        const chosen = await publishableRevision(route, revisionId);
        const when = at ? new Date(at) : undefined;
        if (when && when.getTime() > Date.now()) await schedule(app.db, route, revisionId, when);
        else await publishRevision(route, chosen, authorOf(request));
        return { page: await mustBeEditable(route) };
      },
    );

    app.post(
      '/api/admin/pages/cancel-schedule',
      { config: { access }, schema: { querystring: RouteQuery, body: NoBody, response: { 200: EditablePageReply } } },
      async (request) => {
        const { route } = request.query;
        await mustBeEditable(route);
        if (!(await cancelSchedule(app.db, route))) throw app.httpErrors.conflict('Nothing is scheduled for this page any more.');
        return { page: await mustBeEditable(route) };
      },
    );

    app.post(
      '/api/admin/pages/rollback',
      { config: { access }, schema: { querystring: RouteQuery, body: RollbackPage, response: { 200: EditablePageReply } } },
      async (request) => {
        const { route } = request.query;
        const page = await mustBeEditable(route);
        // Refused before anything is saved: a rollback publishes, so it takes back only what publishing accepts.
        const earlier = await publishableRevision(route, request.body.revisionId);
        // A rollback is a new revision with the earlier document, published at once: history only ever grows.
        const saved = await saveRevision(app.db, {
          route,
          document: earlier.document,
          baseRevisionId: page.revisionId,
          authorId: request.user.id,
          authorName: authorOf(request),
          summary: `back to revision ${earlier.id}: ${describeChanges(changesInWords(pageChanges(page.document, earlier.document), page.document, earlier.document))}`,
        });
        if (saved === 'conflict') throw app.httpErrors.conflict(CONFLICT);
        await publishRevision(route, await publishableRevision(route, Number(saved.id)), authorOf(request));
        return { page: await mustBeEditable(route) };
      },
    );
  };
