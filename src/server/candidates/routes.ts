import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CandidateList, CandidateQuery } from '../../shared/api/candidates';
import { IdParams } from '../../shared/api/common';
import { ADMIN_ROLES } from '../../shared/roles';
import { openUpload } from '../uploads/store';
import { sendUpload } from '../uploads/send-upload';
import { listCandidates, resumeOf } from './store';

const NO_RESUME = 'This candidate sent no resume.';

/** Registrations from the city pages, with their resumes. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/admin/candidates',
    { config: { access: ADMIN_ROLES }, schema: { querystring: CandidateQuery, response: { 200: CandidateList } } },
    async (request) => listCandidates(app.db, request.query),
  );

  app.get('/api/admin/candidates/:id/resume', { config: { access: ADMIN_ROLES }, schema: { params: IdParams } }, async (request, reply) => {
    const uploadId = await resumeOf(app.db, request.params.id);
    const upload = uploadId && (await openUpload(app.db, app.config.dataDir, uploadId));
    if (!upload) return reply.notFound(NO_RESUME);
    // An attachment, never shown in the portal's own origin: a document is the sender's content.
    return sendUpload(reply, upload, { as: 'attachment', cache: 'private', missing: NO_RESUME });
  });
};

export const candidateRoutes = fp(routes, { name: 'candidates', dependencies: ['database'], encapsulate: true });
