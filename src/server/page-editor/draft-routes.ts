import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EditablePageReply,
  History,
  NewCityPage,
  PageList,
  RouteQuery,
  SaveConflict,
  SavePage,
  type PageSummary,
} from '../../shared/api/page-editor';
import { cityNameOf, newCityFacts, newCityRouteProblem } from '../../shared/city-page';
import { listCityTemplates, madePage } from '../site/pages-on-disk';
import { describeChanges, pageChanges } from '../../shared/page-diff';
import { changesInWords } from './change-words';
import type { PageDocument } from '../../shared/generated/page-document';
import { PAGE_EDITOR_ROLES } from '../../shared/roles';
import { FieldErrors } from '../http/error-reply';
import { CONFLICT, authorOf, iso, statusOf, type EditorContext } from './editor-context';
import { editorSchemas, pageFile, servedRoute } from './page-checks';
import { history, pageState, pageStates, revision, saveRevision } from './store';
import { whyUnpublishable } from './unpublishable';
import { textIn, type LocalizedText } from '../../shared/localized-text';
import { DEFAULT_LOCALE } from '../../shared/locales';

/** A page with the title the list shows: a city's facts as their template makes them (its meta title is the template's). */
function titledPage(document: Record<string, unknown>): { meta?: unknown } {
  try {
    return madePage(document as unknown as PageDocument);
  } catch {
    return document; // facts naming a template there is not: the page's problems say so when it is opened
  }
}

/** The pages as the editor keeps them: the list, one page opened, a save (a revision, conflicts refused), its history, a new city. */
export const draftRoutes = ({ pages, editable, mustBeEditable, problemsOf }: EditorContext): FastifyPluginAsyncTypebox =>
  async function routes(app) {
    const access = PAGE_EDITOR_ROLES;

    app.get('/api/admin/pages', { config: { access }, schema: { response: { 200: PageList } } }, async () => {
      const states = new Map((await pageStates(app.db)).map((s) => [s.route, s]));
      const routes = [...new Set([...pages.routes().keys(), ...states.keys()])].sort();
      const summaries: PageSummary[] = [];
      for (const route of routes) {
        const state = states.get(route);
        const document = state ? (await revision(app.db, route, state.head_revision_id))?.document : pageFile(pages, route)?.document;
        const meta = (document ? titledPage(document) : {}).meta as { title?: string | LocalizedText } | undefined;
        summaries.push({
          route,
          title: meta?.title ? textIn(meta.title, DEFAULT_LOCALE) : route,
          status: statusOf(state),
          city: (document && cityNameOf(document)) ?? null,
          updatedAt: iso(state?.head_created_at ?? null),
          updatedBy: state?.head_author ?? null,
          scheduledAt: iso(state?.scheduled_at ?? null),
        });
      }
      return { pages: summaries, templates: listCityTemplates() };
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
          summary: describeChanges(changesInWords(pageChanges(base ?? {}, document), base ?? {}, document)),
        });
        if (saved === 'conflict') {
          const latest = await mustBeEditable(route);
          return reply.code(409).send({
            error: CONFLICT,
            errors: [{ field: '', message: CONFLICT }],
            current: latest,
            changes: changesInWords(pageChanges(document, latest.document), document, latest.document),
          });
        }
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
        // Why each revision could not be published, as publishing checks it: one at a time (each check reads every page),
        // and a document saved twice (a rollback) once.
        const schemas = editorSchemas();
        const refusals = new Map<string, string | null>();
        const refusalOf = async (document: Record<string, unknown>) => {
          const text = JSON.stringify(document);
          if (!refusals.has(text)) refusals.set(text, whyUnpublishable(await problemsOf(route, document), document, schemas));
          return refusals.get(text) ?? null;
        };
        const revisions = [];
        for (const [i, row] of rows.entries()) {
          const published = state?.published_revision_id === row.id;
          const before = rows[i + 1]?.document ?? file;
          revisions.push({
            id: Number(row.id),
            author: row.author_name,
            createdAt: new Date(row.created_at).toISOString(),
            summary: row.summary,
            published,
            changes: changesInWords(pageChanges(before, row.document), before, row.document, schemas),
            problem: published ? null : await refusalOf(row.document),
          });
        }
        return { revisions };
      },
    );

    app.post(
      '/api/admin/pages/new-city',
      { config: { access }, schema: { body: NewCityPage, response: { 201: EditablePageReply } } },
      async (request, reply) => {
        const { template, route, name, state, street, postalCode, phone } = request.body;
        const chosen = listCityTemplates().find((t) => t.name === template);
        if (!chosen) throw new FieldErrors(400, [{ field: 'template', message: 'Choose one of the templates offered.' }]);
        const problem = newCityRouteProblem(route) ?? app.pageRouteRefusal(route);
        if (problem) throw new FieldErrors(400, [{ field: 'route', message: problem }]);
        if (await editable(route)) throw new FieldErrors(400, [{ field: 'route', message: `A page at ${route} exists already.` }]);
        const office = { street, city: name, state, postalCode, country: 'India' };
        const city = { name, state, office, ...(phone ? { phone } : {}) };
        const facts = newCityFacts(template, route, city);
        const saved = await saveRevision(app.db, {
          route,
          document: facts as unknown as Record<string, unknown>,
          baseRevisionId: null,
          authorId: request.user.id,
          authorName: authorOf(request),
          summary: `new city ${name} from the template "${chosen.title}"`,
        });
        if (saved === 'conflict') throw app.httpErrors.conflict(`A page at ${route} was just made by someone else.`);
        return reply.code(201).send({ page: await mustBeEditable(route) });
      },
    );
  };
