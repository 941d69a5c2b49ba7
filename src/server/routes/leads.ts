import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../plugins/auth';
import { openUpload } from '../uploads/store';
import { toCsv } from '../leads/csv';
import { contactOf, labelledFields, orderedKeys, summaryOf } from '../leads/lead-fields';
import {
  addNote,
  allLeads,
  assignableUsers,
  findLead,
  leadFacets,
  listLeads,
  notesOf,
  resumeOf,
  updateLead,
  type LeadChange,
  type LeadFilters,
  type LeadRow,
} from '../leads/lead-repository';
import {
  assigneesResponse,
  csvQuery,
  errorSchema,
  facetsQuery,
  facetsResponse,
  idParams,
  leadDetail,
  listQuery,
  listResponse,
  noteBody,
  noteSchema,
  patchBody,
} from '../leads/lead-schemas';

const STAFF = ['ADMIN', 'BDE', 'FBDE'] as const;
const ADMIN = ['ADMIN'] as const;
const NOT_FOUND = 'This lead does not exist or is not yours to see.';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/** An ASCII file name safe inside a quoted header value, plus the exact name for browsers that read filename*. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\;]/g, '_').trim() || 'resume';
  const exact = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

const todayInIndia = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });

/** API of the leads inbox (/view-forms, /admin), assignment, notes, CSV export, resume download, the BDE portal. */
export async function leadRoutes(app: FastifyInstance) {
  const formOf = (formId: string) => app.formCatalog.forms.get(formId)?.definition;

  const summarise = (lead: LeadRow) => ({
    id: lead.id,
    formId: lead.formId,
    collection: lead.collection,
    page: lead.page,
    city: lead.city,
    status: lead.status,
    createdAt: lead.createdAt,
    assignedTo: lead.assignedTo,
    ...contactOf(lead.data),
    summary: summaryOf(formOf(lead.formId), lead.data),
    hasResume: lead.hasResume,
  });

  async function detail(lead: LeadRow) {
    const form = formOf(lead.formId);
    return {
      ...summarise(lead),
      formTitle: form?.title ?? lead.formId,
      updatedAt: lead.updatedAt,
      fields: labelledFields(form, lead.data),
      consent: lead.consent,
      notes: await notesOf(app.db, lead.id),
      resume: (await resumeOf(app.db, lead.id)) ?? null,
    };
  }

  /** The lead behind :id if the caller may see it; otherwise answers 404 and returns undefined. */
  async function leadInScope(request: IdRequest, reply: FastifyReply) {
    const lead = await findLead(app.db, request.user, request.params.id);
    if (!lead) reply.code(404).send({ error: NOT_FOUND });
    return lead;
  }

  app.get<{ Querystring: LeadFilters & { page: number; pageSize: number } }>(
    '/api/leads',
    { config: { access: STAFF }, schema: { querystring: listQuery, response: { 200: listResponse } } },
    async (request) => {
      const { page, pageSize, ...filters } = request.query;
      const { items, total } = await listLeads(app.db, request.user, filters, page, pageSize);
      return { items: items.map(summarise), total, page, pageSize };
    },
  );

  app.get<{ Querystring: Pick<LeadFilters, 'collection' | 'excludeCollection'> }>(
    '/api/leads/facets',
    { config: { access: STAFF }, schema: { querystring: facetsQuery, response: { 200: facetsResponse } } },
    async (request) => {
      const { forms, collections, cities } = await leadFacets(app.db, request.user, request.query);
      return { forms: forms.map((id) => ({ id, title: formOf(id)?.title ?? id })), collections, cities };
    },
  );

  app.get<{ Querystring: LeadFilters }>(
    '/api/leads.csv',
    { config: { access: ADMIN }, schema: { querystring: csvQuery } },
    async (request, reply) => {
      const leads = await allLeads(app.db, request.user, request.query);
      const dataKeys = [...new Set(leads.flatMap((lead) => orderedKeys(formOf(lead.formId), lead.data)))];
      const header = ['created_at', 'form', 'collection', 'page', 'city', 'status', 'assigned to', ...dataKeys];
      const rows = leads.map((lead) => [
        lead.createdAt,
        lead.formId,
        lead.collection,
        lead.page,
        lead.city,
        lead.status,
        lead.assignedTo?.username,
        ...dataKeys.map((key) => lead.data[key]),
      ]);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="leads-${todayInIndia()}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(toCsv([header, ...rows]));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/leads/:id',
    { config: { access: STAFF }, schema: { params: idParams, response: { 200: leadDetail, 404: errorSchema } } },
    async (request, reply) => {
      const lead = await leadInScope(request, reply);
      return lead && detail(lead);
    },
  );

  app.patch<{ Params: { id: string }; Body: LeadChange }>(
    '/api/leads/:id',
    {
      config: { access: STAFF },
      schema: { params: idParams, body: patchBody, response: { 200: leadDetail, 400: errorSchema, 403: errorSchema, 404: errorSchema } },
    },
    async (request, reply) => {
      const user = request.user;
      const change = request.body;
      // Assignment is the admin's call; a BDE or FBDE only moves the status of a lead they can see.
      if (change.assignedTo !== undefined && user.role !== 'ADMIN') return forbidden(reply);
      const lead = await leadInScope(request, reply);
      if (!lead) return;
      if (change.assignedTo) {
        const assignable = (await assignableUsers(app.db)).some((u) => u.id === change.assignedTo);
        if (!assignable) return reply.code(400).send({ error: 'Choose an active BDE or FBDE to assign the lead to.' });
      }
      await updateLead(app.db, user.id, lead, change);
      return detail((await findLead(app.db, user, lead.id))!);
    },
  );

  app.post<{ Params: { id: string }; Body: { body: string } }>(
    '/api/leads/:id/notes',
    {
      config: { access: STAFF },
      schema: { params: idParams, body: noteBody, response: { 201: noteSchema, 400: errorSchema, 404: errorSchema } },
    },
    async (request, reply) => {
      const body = request.body.body.trim();
      if (!body) return reply.code(400).send({ error: 'Please write the note first.' });
      const lead = await leadInScope(request, reply);
      if (!lead) return;
      const { id, username, fullName } = request.user;
      return reply.code(201).send(await addNote(app.db, { id, username, fullName }, lead.id, body));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/leads/:id/resume',
    { config: { access: STAFF }, schema: { params: idParams, response: { 404: errorSchema } } },
    async (request, reply) => {
      const lead = await leadInScope(request, reply);
      if (!lead) return;
      const resume = await resumeOf(app.db, lead.id);
      const upload = resume && (await openUpload(app.db, app.config.dataDir, resume.id));
      const stream = upload?.stream();
      // A row whose file is gone from the disk is answered as missing, before any header goes out.
      const opened = stream && (await new Promise<boolean>((resolve) => stream.once('open', () => resolve(true)).once('error', () => resolve(false))));
      if (!upload || !stream || !opened) return reply.code(404).send({ error: 'This lead has no resume.' });
      return reply
        .header('content-type', upload.mediaType)
        .header('content-length', String(upload.size))
        .header('content-disposition', attachment(upload.originalName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.get(
    '/api/bde/users',
    { config: { access: ADMIN }, schema: { response: { 200: assigneesResponse } } },
    async () => ({ users: await assignableUsers(app.db) }),
  );
}
