import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PreviewPage, PreviewParams, PreviewReply } from '../../shared/api/page-editor';
import type { PageDocument } from '../../shared/generated/page-document';
import { PAGE_EDITOR_ROLES } from '../../shared/roles';
import { sendError } from '../http/error-reply';
import type { EditorContext } from './editor-context';
import { isLinkProblem, servedRoute } from './page-checks';
import { draftByToken } from './store';
import { pageTranslations } from './page-translations';

/** The page as a visitor would get it: unsaved edits in the editor, and a saved draft at its private address. */
export const previewRoutes = ({ renderer, problemsOf }: EditorContext): FastifyPluginAsyncTypebox =>
  async function routes(app) {
    app.post(
      '/api/admin/pages/preview',
      { config: { access: PAGE_EDITOR_ROLES }, schema: { body: PreviewPage, response: { 200: PreviewReply } } },
      async (request) => {
        const { document } = request.body;
        const route = servedRoute(document);
        const problems = await problemsOf(route, document);
        const translations = pageTranslations(document);
        try {
          const { html } = await renderer.render(document as unknown as PageDocument, { noindex: true });
          return { html, problems, translations };
        } catch (error) {
          request.log.info({ err: error }, 'preview could not render');
          return { html: '', problems, translations };
        }
      },
    );

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
