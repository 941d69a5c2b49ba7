import type { FastifyInstance } from 'fastify';
import { ROLES, recordActivity } from '../auth/users';
import { perMinute } from '../http/rate-limits';
import { openUpload } from '../uploads/store';
import { errorResponses, errorSchema, fail, pageQuery, portalErrors, uuidParams } from '../admin/http';
import { sendUpload } from '../uploads/send-upload';
import {
  COMPLAINT_STATUSES,
  fileComplaint,
  getComplaint,
  listComplaints,
  mayViewAttachment,
  setComplaintStatus,
  type ComplaintStatus,
} from '../complaints/complaint-store';
import { uploadIdOfLink } from '../../shared/attachment-link';
import { CAPTCHA_MESSAGE } from '../../shared/constants';

const COMPLAINT_SENT = 'Compliant sent successfully!'; // so spelled in the product spec
const COMPLAINTS_PER_MINUTE = 10;
const ADMIN = ['ADMIN'];
/** Everyone logged in but admins, who handle complaints rather than file them. */
const COMPLAINANTS = ROLES.filter((role) => role !== 'ADMIN');

const complaintSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    subject: { type: 'string' },
    message: { type: 'string' },
    status: { type: 'string' },
    attachmentLink: { type: ['string', 'null'] },
    attachmentType: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    updatedAt: { type: ['string', 'null'] },
    user: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        username: { type: 'string' },
        fullName: { type: ['string', 'null'] },
        email: { type: ['string', 'null'] },
        role: { type: 'string' },
      },
    },
  },
} as const;

interface ComplaintBody {
  subject?: string;
  message?: string;
  attachmentLink?: string | null;
  captcha?: string;
}

/** API of complaints filed by logged-in users and their handling by admins. */
export async function complaintRoutes(app: FastifyInstance) {
  portalErrors(app);

  app.post<{ Body: ComplaintBody }>(
    '/api/users/complaints',
    {
      // Counted per account, once the access check has found who is asking.
      config: { access: COMPLAINANTS, rateLimit: perMinute(COMPLAINTS_PER_MINUTE, 'complaints', { hook: 'preHandler', keyGenerator: (request) => `complaints:${request.user.id}` }) },
      bodyLimit: 32 * 1024,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            subject: { type: 'string' },
            message: { type: 'string' },
            attachmentLink: { type: ['string', 'null'], maxLength: 500 },
            captcha: { type: 'string', maxLength: 8192 },
          },
        },
        response: { 200: { type: 'object', required: ['success'], properties: { success: { type: 'string' } } }, ...errorResponses, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const subject = (request.body?.subject ?? '').trim();
      const message = (request.body?.message ?? '').trim();
      // The popup's own checks, in its order and with its words.
      if (!subject) return fail(reply, 400, 'Subject is required');
      if (!message) return fail(reply, 400, 'Message is required');
      if (subject.length > 200) return fail(reply, 400, 'Please keep the subject under 200 characters.');
      if (message.length > 5000) return fail(reply, 400, 'Please keep the message under 5000 characters.');
      const link = request.body?.attachmentLink?.trim();
      const uploadId = link ? uploadIdOfLink(link) : undefined;
      if (link && !uploadId) return fail(reply, 400, 'The attachment must be an image uploaded with this form.');

      const check = await app.captcha.verify(request.body?.captcha, request.ip);
      if (!check.ok) return fail(reply, 400, CAPTCHA_MESSAGE);

      const result = await fileComplaint(app.db, {
        userId: user.id,
        subject,
        message,
        uploadId,
        captcha: check,
      });
      if (result.kind === 'captcha-spent') return fail(reply, 400, CAPTCHA_MESSAGE);
      if (result.kind === 'attachment-taken') return fail(reply, 400, 'The attachment must be an image uploaded with this form. Please attach it again.');
      await recordActivity(app.db, user.id, 'complaint.filed', { type: 'complaint', id: result.id }, { subject });
      return { success: COMPLAINT_SENT };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/uploads/:id/image',
    { config: { access: 'user' }, schema: { params: uuidParams, response: { 404: errorSchema } } },
    async (request, reply) => {
      const upload = await openUpload(app.db, app.config.dataDir, request.params.id);
      // Someone else's image answers as if it did not exist.
      if (!upload || upload.kind !== 'complaint-image' || !(await mayViewAttachment(app.db, upload.id, request.user))) {
        return fail(reply, 404, 'There is no such image.');
      }
      return sendUpload(reply, upload, { as: 'inline', cache: 'private' });
    },
  );

  app.get<{ Querystring: { status?: ComplaintStatus; page: number; pageSize: number } }>(
    '/api/admin/complaints',
    {
      config: { access: ADMIN },
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: { status: { type: 'string', enum: [...COMPLAINT_STATUSES] }, ...pageQuery } },
        response: {
          200: {
            type: 'object',
            properties: {
              complaints: { type: 'array', items: complaintSchema },
              total: { type: 'integer' },
              page: { type: 'integer' },
              pageSize: { type: 'integer' },
              counts: { type: 'object', additionalProperties: { type: 'integer' } },
            },
          },
        },
      },
    },
    async (request) => listComplaints(app.db, request.query),
  );

  app.get<{ Params: { id: string } }>(
    '/api/admin/complaints/:id',
    { config: { access: ADMIN }, schema: { params: uuidParams, response: { 200: { type: 'object', properties: { complaint: complaintSchema } }, 404: errorSchema } } },
    async (request, reply) => {
      const complaint = await getComplaint(app.db, request.params.id);
      return complaint ? { complaint } : fail(reply, 404, 'There is no such complaint.');
    },
  );

  app.patch<{ Params: { id: string }; Body: { status: ComplaintStatus } }>(
    '/api/admin/complaints/:id',
    {
      config: { access: ADMIN },
      schema: {
        params: uuidParams,
        body: { type: 'object', required: ['status'], additionalProperties: false, properties: { status: { type: 'string', enum: [...COMPLAINT_STATUSES] } } },
        response: { 200: { type: 'object', properties: { complaint: complaintSchema } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await setComplaintStatus(app.db, id, request.body.status))) return fail(reply, 404, 'There is no such complaint.');
      await recordActivity(app.db, request.user.id, 'complaint.status', { type: 'complaint', id }, { status: request.body.status });
      return { complaint: await getComplaint(app.db, id) };
    },
  );
}
