import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { recordActivity } from '../activity/store';
import { perMinute } from '../http/rate-limits';
import { openUpload } from '../uploads/store';
import { sendUpload } from '../uploads/send-upload';
import { IdParams } from '../../shared/api/common';
import { checkFormData } from '../forms/form-checks';
import {
  ComplaintFiled,
  ComplaintList,
  ComplaintQuery,
  ComplaintReply,
  MyComplaintList,
  NewComplaint,
  StatusChange,
} from '../../shared/api/complaints';
import { COMPLAINT_FORM } from '../../shared/complaint-form';
import { uploadIdOfLink } from '../../shared/attachment-link';
import { CAPTCHA_MESSAGE } from '../../shared/constants';
import { ADMIN_ROLES, COMPLAINANT_ROLES } from '../../shared/roles';
import { fileComplaint, getComplaint, listComplaints, listMyComplaints, mayViewAttachment, setComplaintStatus } from './store';

const COMPLAINTS_PER_MINUTE = 10;
const NO_COMPLAINT = 'There is no such complaint.';
const NO_IMAGE = 'There is no such image.';
const BAD_ATTACHMENT = 'The attachment must be an image uploaded with this form.';

/** API of complaints filed by logged-in users and their handling by admins. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  // pages/forms/complaint.json: the fields, rules and messages the popup checks with the same compiled validator.
  const form = app.formCatalog.forms.get(COMPLAINT_FORM);
  const sent = form?.definition.onSuccess.toast?.text;
  if (!form || !sent) throw new Error(`pages/forms needs a ${COMPLAINT_FORM} form with a success toast`);

  app.post(
    '/api/users/complaints',
    {
      // Counted per account, once the access check has found who is asking.
      config: {
        access: COMPLAINANT_ROLES,
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
      const { captcha: token, ...fields } = request.body ?? {};
      const { data, errors, check } = await checkFormData(form, fields, { captcha: app.captcha, token, clientIp: request.ip });
      // The popup's words for the first field it would mark; then the attachment, then the captcha, as it checks them.
      const fieldError = errors.find((e) => e.field !== 'captcha');
      if (fieldError) return reply.badRequest(fieldError.message);
      const subject = String(data.subject).trim();
      const message = String(data.message).trim();
      const link = typeof data.attachmentLink === 'string' ? data.attachmentLink.trim() : '';
      const uploadId = link ? uploadIdOfLink(link) : undefined;
      if (link && !uploadId) return reply.badRequest(BAD_ATTACHMENT);
      if (!check.ok) return reply.badRequest(CAPTCHA_MESSAGE);

      const result = await fileComplaint(app.db, { userId: user.id, subject, message, uploadId, captcha: check });
      if (result.kind === 'captcha-spent') return reply.badRequest(CAPTCHA_MESSAGE);
      if (result.kind === 'attachment-taken') return reply.badRequest(`${BAD_ATTACHMENT} Please attach it again.`);
      await recordActivity(app.db, user.id, 'complaint.filed', { type: 'complaint', id: result.id }, { subject });
      return { success: sent, reference: result.reference };
    },
  );

  app.get(
    '/api/users/complaints',
    { config: { access: COMPLAINANT_ROLES }, schema: { response: { 200: MyComplaintList } } },
    async (request) => ({ complaints: await listMyComplaints(app.db, request.user.id) }),
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

export const complaintRoutes = fp(routes, { name: 'complaints', dependencies: ['database', 'captcha', 'forms'], encapsulate: true });
