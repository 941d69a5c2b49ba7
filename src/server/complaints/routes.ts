import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { recordActivity } from '../activity/store';
import { perMinute } from '../http/rate-limits';
import { openUpload } from '../uploads/store';
import { sendUpload } from '../uploads/send-upload';
import { IdParams } from '../../shared/api/common';
import { ComplaintFiled, ComplaintList, ComplaintQuery, ComplaintReply, NewComplaint, StatusChange } from '../../shared/api/complaints';
import { uploadIdOfLink } from '../../shared/attachment-link';
import { CAPTCHA_MESSAGE } from '../../shared/constants';
import { ADMIN_ROLES, ROLES, isAdmin, isMarketing } from '../../shared/roles';
import { fileComplaint, getComplaint, listComplaints, mayViewAttachment, setComplaintStatus } from './store';

const COMPLAINT_SENT = 'Compliant sent successfully!'; // so spelled in the product spec
const COMPLAINTS_PER_MINUTE = 10;
const NO_COMPLAINT = 'There is no such complaint.';
const NO_IMAGE = 'There is no such image.';
const BAD_ATTACHMENT = 'The attachment must be an image uploaded with this form.';
/** Everyone logged in but admins, who handle complaints rather than file them, and marketing, who only edit pages. */
const COMPLAINANTS = ROLES.filter((role) => !isAdmin(role) && !isMarketing(role));

/** API of complaints filed by logged-in users and their handling by admins. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/users/complaints',
    {
      // Counted per account, once the access check has found who is asking.
      config: {
        access: COMPLAINANTS,
        rateLimit: perMinute(COMPLAINTS_PER_MINUTE, 'complaints', {
          hook: 'preHandler',
          keyGenerator: (request) => `complaints:${request.user.id}`,
        }),
      },
      bodyLimit: 32 * 1024,
      schema: { body: NewComplaint, response: { 200: ComplaintFiled } },
    },
    async (request, reply) => {
      const user = request.user;
      const subject = (request.body?.subject ?? '').trim();
      const message = (request.body?.message ?? '').trim();
      // The popup's own checks, in its order and with its words.
      if (!subject) return reply.badRequest('Subject is required');
      if (!message) return reply.badRequest('Message is required');
      if (subject.length > 200) return reply.badRequest('Please keep the subject under 200 characters.');
      if (message.length > 5000) return reply.badRequest('Please keep the message under 5000 characters.');
      const link = request.body?.attachmentLink?.trim();
      const uploadId = link ? uploadIdOfLink(link) : undefined;
      if (link && !uploadId) return reply.badRequest(BAD_ATTACHMENT);

      const check = await app.captcha.verify(request.body?.captcha, request.ip);
      if (!check.ok) return reply.badRequest(CAPTCHA_MESSAGE);

      const result = await fileComplaint(app.db, { userId: user.id, subject, message, uploadId, captcha: check });
      if (result.kind === 'captcha-spent') return reply.badRequest(CAPTCHA_MESSAGE);
      if (result.kind === 'attachment-taken') return reply.badRequest(`${BAD_ATTACHMENT} Please attach it again.`);
      await recordActivity(app.db, user.id, 'complaint.filed', { type: 'complaint', id: result.id }, { subject });
      return { success: COMPLAINT_SENT };
    },
  );

  app.get('/api/uploads/:id/image', { config: { access: 'user' }, schema: { params: IdParams } }, async (request, reply) => {
    const upload = await openUpload(app.db, app.config.dataDir, request.params.id);
    // Someone else's image answers as if it did not exist.
    if (!upload || upload.kind !== 'complaint-image' || !(await mayViewAttachment(app.db, upload.id, request.user))) {
      return reply.notFound(NO_IMAGE);
    }
    return sendUpload(reply, upload, { as: 'inline', cache: 'private', missing: NO_IMAGE });
  });

  app.get(
    '/api/admin/complaints',
    { config: { access: ADMIN_ROLES }, schema: { querystring: ComplaintQuery, response: { 200: ComplaintList } } },
    async (request) => listComplaints(app.db, request.query),
  );

  app.get(
    '/api/admin/complaints/:id',
    { config: { access: ADMIN_ROLES }, schema: { params: IdParams, response: { 200: ComplaintReply } } },
    async (request, reply) => {
      const complaint = await getComplaint(app.db, request.params.id);
      return complaint ? { complaint } : reply.notFound(NO_COMPLAINT);
    },
  );

  app.patch(
    '/api/admin/complaints/:id',
    { config: { access: ADMIN_ROLES }, schema: { params: IdParams, body: StatusChange, response: { 200: ComplaintReply } } },
    async (request, reply) => {
      const { id } = request.params;
      const { status } = request.body;
      if (!(await setComplaintStatus(app.db, id, status))) return reply.notFound(NO_COMPLAINT);
      await recordActivity(app.db, request.user.id, 'complaint.status', { type: 'complaint', id }, { status });
      const complaint = await getComplaint(app.db, id);
      return complaint ? { complaint } : reply.notFound(NO_COMPLAINT);
    },
  );
};

export const complaintRoutes = fp(routes, { name: 'complaints', dependencies: ['database', 'captcha'], encapsulate: true });
