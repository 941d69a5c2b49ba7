import type { FastifyInstance } from 'fastify';
import { dashboard } from './dashboard';

const count = { type: 'integer' } as const;
const nullableText = { type: ['string', 'null'] } as const;

const dashboardSchema = {
  type: 'object',
  properties: {
    days: count,
    newLeads: {
      type: 'object',
      properties: {
        total: count,
        byForm: {
          type: 'array',
          items: { type: 'object', properties: { formId: { type: 'string' }, title: { type: 'string' }, collection: { type: 'string' }, count } },
        },
        byCity: { type: 'array', items: { type: 'object', properties: { city: nullableText, count } } },
      },
    },
    byStatus: { type: 'array', items: { type: 'object', properties: { status: { type: 'string' }, count } } },
    totals: {
      type: 'object',
      properties: { submissions: count, activeUsers: count, openComplaints: count, pendingRecruiterRequests: count },
    },
    recentActivity: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          action: { type: 'string' },
          subjectType: { type: 'string' },
          subjectId: { type: 'string' },
          detail: { type: ['object', 'null'], additionalProperties: true },
          actor: nullableText,
          createdAt: { type: 'string' },
        },
      },
    },
    latestSubmissions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          formId: { type: 'string' },
          title: { type: 'string' },
          page: { type: 'string' },
          city: nullableText,
          status: { type: 'string' },
          name: nullableText,
          email: nullableText,
          createdAt: { type: 'string' },
        },
      },
    },
  },
} as const;

/** GET /api/admin/dashboard. */
export async function dashboardRoutes(app: FastifyInstance) {
  app.get(
    '/api/admin/dashboard',
    { config: { access: ['ADMIN'] }, schema: { response: { 200: dashboardSchema } } },
    async () => dashboard(app.db, (formId) => app.formCatalog.forms.get(formId)?.definition.title ?? formId),
  );
}
