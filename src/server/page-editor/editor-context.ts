import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EditablePage, PageProblem, PageStatus, PageTranslation } from '../../shared/api/page-editor';
import { FieldErrors } from '../http/error-reply';
import { isCityFacts } from '../../shared/city-template';
import { readCityTemplate } from '../site/pages-on-disk';
import { uploadedImagePaths } from '../page-images/store';
import type { PublicPageRenderer } from '../site/public-page-html';
import type { SourcePages } from '../site/source-pages';
import { pageFile, pageProblems } from './page-checks';
import { revisionPublisher, type PublishRevision } from './publish-revision';
import { pageState, publishedDocuments, revision, type PageStateRow, type RevisionRow } from './store';
import { readLocales } from './published-languages';
import { pageTranslations } from './page-translations';

export const NO_PAGE = 'No page at this route.';
export const CONFLICT = 'Someone else saved this page since you opened it. Their version is shown with what differs from yours.';
export const NO_REVISION = 'No such revision of this page.';

export const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function statusOf(state: PageStateRow | undefined): PageStatus {
  if (!state) return 'file';
  if (state.scheduled_at) return 'scheduled';
  return state.published_revision_id === state.head_revision_id ? 'edited' : 'draft';
}

/** A refusal naming each problem at its field, as the editor shows them. */
export const refusedFor = (problems: PageProblem[]) =>
  new FieldErrors(
    400,
    problems.map((p) => ({ field: p.pointer, message: p.message })),
  );

/** For a city page written as its facts, the template the editor shows its sections from; nothing for another page. */
function templateOf(document: Record<string, unknown>): { template?: Record<string, unknown> } {
  if (!isCityFacts(document)) return {};
  try {
    return { template: readCityTemplate(document.template) as unknown as Record<string, unknown> };
  } catch {
    return {}; // a template there is not: the page's problems say so
  }
}

/** The name a revision or a move is recorded under. */
export const authorOf = (request: FastifyRequest) => request.user.fullName || request.user.username;

/** What the editor's routes share: the pages of pages/, the renderer, a page as the editor opens it, and publishing. */
export interface EditorContext {
  pages: SourcePages;
  renderer: PublicPageRenderer;
  /** The page as the editor opens it: its latest revision, or its file; undefined when neither exists. */
  editable(route: string): Promise<EditablePage | undefined>;
  /** The same, answering 404 when no page has the route. */
  mustBeEditable(route: string): Promise<EditablePage>;
  /** What publishing a document at a route refuses: first a route no page may have, then what `npm run validate` refuses. */
  /** A document's problems at a route; `movingFrom` names the route it leaves, when it is renamed. */
  problemsOf(route: string, document: Record<string, unknown>, movingFrom?: string): Promise<PageProblem[]>;
  /** A revision of the page that publishing accepts: 404 when the page has no such revision, 400 with each problem at its field. */
  publishableRevision(route: string, revisionId: number): Promise<RevisionRow>;
  publishRevision: PublishRevision;
}

export function editorContext(app: FastifyInstance, pages: SourcePages, renderer: PublicPageRenderer): EditorContext {
  const problemsOf = async (route: string, document: Record<string, unknown>, movingFrom?: string) => {
    const refusal = app.pageRouteRefusal(route);
    if (refusal) return [{ pointer: '/route', message: refusal }];
    const published = await publishedDocuments(app.db);
    return pageProblems(pages, route, document, published, await uploadedImagePaths(app.db, document), movingFrom);
  };

  /** Each language the page lists, with whether visitors read the page in it already. */
  async function withReadLanguages(route: string, translations: PageTranslation[]): Promise<PageTranslation[]> {
    if (!translations.length) return translations;
    const read = await readLocales(app.db, renderer, route);
    return translations.map((t) => ({ ...t, read: read.has(t.locale) }));
  }

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
      translations: await withReadLanguages(route, pageTranslations(document)),
      fromFile: file !== undefined,
      ...templateOf(document),
    };
  }

  return {
    pages,
    renderer,
    editable,
    problemsOf,
    async mustBeEditable(route) {
      const page = await editable(route);
      if (!page) throw app.httpErrors.notFound(NO_PAGE);
      return page;
    },
    async publishableRevision(route, revisionId) {
      const chosen = await revision(app.db, route, revisionId);
      if (!chosen) throw app.httpErrors.notFound(NO_REVISION);
      const problems = await problemsOf(route, chosen.document);
      if (problems.length) throw refusedFor(problems);
      return chosen;
    },
    publishRevision: revisionPublisher(app, renderer),
  };
}
