import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../shared/api/common';
import {
  AssigneeList,
  ContactLog,
  FacetsQuery,
  LeadChange,
  LeadDetail,
  LeadFacets,
  LeadFilters,
  LeadPage,
  LeadQuery,
  Note,
  NoteBody,
  ToDo,
  ToDoCount,
} from '../../shared/api/leads';
import { ADMIN_ROLES, BDE_ROLES, isAdmin, STAFF_ROLES } from '../../shared/roles';
import { indiaDateOf } from '../../shared/india-time';
import { isSearchable, SEARCH_TOO_SHORT } from '../../shared/lead-search';
import { forbidden, type SignedInUser } from '../auth/plugin';
import { FieldErrors, sendError } from '../http/error-reply';
import { openUpload } from '../uploads/store';
import { sendUpload } from '../uploads/send-upload';
import { leadsCsvStream } from './csv-export';
import { contactOf, labelledFields, summaryOf } from './lead-fields';
import { searchOf, type Viewer } from './lead-where';
import { leadFacets } from './count-store';
import { historyOf } from './history';
import { listLeads } from './list-store';
import { addNote, assignableUsers, findLead, logContact, notesOf, resumeOf, updateLead, type LeadRow } from './store';
import { toDoDue, toDoOf } from './to-do-store';
import { whatsappTexts } from '../lead-routing/whatsapp-messages';

const NOT_FOUND = 'This lead does not exist or is not yours to see.';
const NO_RESUME = 'This lead has no resume.';

/** A search the trigram index cannot serve (fewer than three letters or digits in a row) is refused, not scanned. */
function checkSearch(filters: LeadFilters) {
  const q = searchOf(filters);
  if (q && !isSearchable(q)) throw new FieldErrors(400, [{ field: 'q', message: SEARCH_TOO_SHORT }]);
}

/** API of the leads inbox (/view-forms, /admin), assignment, notes, CSV export, resume download, the BDE portal. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const formOf = (formId: string) => app.formCatalog.forms.get(formId)?.definition;
  // Read at each use: an admin may change them in the portal (src/server/lead-routing).
  const offlineSources = () => app.leadRouting.offlineSources ?? [];

  const summarise = (lead: LeadRow) => ({
    id: lead.id,
    reference: lead.reference,
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
    respondBy: lead.respondBy,
    answeredAt: lead.answeredAt,
    followUpAt: lead.followUpAt,
    repeat: lead.repeat,
  });

  async function detail(lead: LeadRow, viewer: SignedInUser): Promise<LeadDetail> {
    const form = formOf(lead.formId);
    const summary = summarise(lead);
    const history = await historyOf(app.db, lead.id);
    return {
      ...summary,
      formTitle: form?.title ?? lead.formId,
      updatedAt: lead.updatedAt,
      fields: labelledFields(form, lead.data),
      consent: lead.consent,
      locale: lead.locale,
      notes: await notesOf(app.db, lead.id),
      resume: (await resumeOf(app.db, lead.id)) ?? null,
      history,
      source: lead.source,
      // The latest change of the offline source says what it is now.
      offlineSource: history.findLast((event) => event.kind === 'source')?.to ?? null,
      attribution: lead.attribution,
      offlineSources: offlineSources(),
      whatsapp: whatsappTexts(app.leadRouting, lead.formId, { name: summary.name, city: lead.city }, viewer),
    };
  }

  /** The lead behind :id if the caller may see it; out of scope is answered as missing. */
  async function leadInScope(viewer: Viewer, id: string): Promise<LeadRow> {
    const lead = await findLead(app.db, viewer, id);
    if (!lead) throw app.httpErrors.notFound(NOT_FOUND);
    return lead;
  }

  app.get(
    '/api/leads',
    { config: { access: STAFF_ROLES }, schema: { querystring: LeadQuery, response: { 200: LeadPage } } },
    async (request) => {
      const { after, before, pageSize, ...filters } = request.query;
      checkSearch(filters);
      const { items, ...paging } = await listLeads(app.db, request.user, filters, { after, before, pageSize });
      return { items: items.map(summarise), ...paging, pageSize };
    },
  );

  app.get(
    '/api/leads/facets',
    { config: { access: STAFF_ROLES }, schema: { querystring: FacetsQuery, response: { 200: LeadFacets } } },
    async (request) => {
      const { forms, ...menus } = await leadFacets(app.db, request.user, request.query);
      return { forms: forms.map((id) => ({ id, title: formOf(id)?.title ?? id })), ...menus };
    },
  );

  app.get(
    '/api/leads.csv',
    // gzip, not brotli: brotli's encoder held some 30 MB of buffers while a long export streamed, gzip's a few hundred
    // kB, and a CSV gzips nearly as well.
    { config: { access: ADMIN_ROLES }, schema: { querystring: LeadFilters }, compress: { encodings: ['gzip', 'deflate'] } },
    async (request, reply) => {
      checkSearch(request.query);
      const scope = { viewer: request.user, filters: request.query, startedAt: new Date() };
      const file = await leadsCsvStream(app.db, scope, formOf);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="leads-${indiaDateOf(scope.startedAt)}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );

  app.get('/api/leads/to-do', { config: { access: BDE_ROLES }, schema: { response: { 200: ToDo } } }, async (request) => {
    const { sections, counts } = await toDoOf(app.db, request.user.id);
    return {
      overdue: sections.overdue.map(summarise),
      today: sections.today.map(summarise),
      fresh: sections.fresh.map(summarise),
      counts,
    };
  });

  app.get('/api/leads/to-do/count', { config: { access: BDE_ROLES }, schema: { response: { 200: ToDoCount } } }, async (request, reply) => {
    // Asked for again on every screen the person opens: always fresh, never from a cache.
    reply.header('cache-control', 'private, no-store');
    return { due: await toDoDue(app.db, request.user.id) };
  });

  app.get(
    '/api/leads/:id',
    { config: { access: STAFF_ROLES }, schema: { params: IdParams, response: { 200: LeadDetail } } },
    async (request) => detail(await leadInScope(request.user, request.params.id), request.user),
  );

  app.patch(
    '/api/leads/:id',
    { config: { access: STAFF_ROLES }, schema: { params: IdParams, body: LeadChange, response: { 200: LeadDetail } } },
    async (request, reply) => {
      const user = request.user;
      const change = request.body;
      // Assignment is the admin's call; a BDE or FBDE only moves the status of a lead they can see.
      if (change.assignedTo !== undefined && !isAdmin(user.role)) return forbidden(reply);
      const lead = await leadInScope(user, request.params.id);
      const sources = offlineSources();
      if (change.offlineSource && !sources.includes(change.offlineSource))
        throw new FieldErrors(400, [{ field: 'offlineSource', message: `Choose one of the offline sources: ${sources.join(', ')}.` }]);
      if (change.assignedTo) {
        const assignable = (await assignableUsers(app.db)).some((u) => u.id === change.assignedTo);
        if (!assignable) return sendError(reply, 400, 'Choose an active BDE or FBDE to assign the lead to.');
      }
      await updateLead(app.db, user.id, lead, change);
      return detail(await leadInScope(user, lead.id), user);
    },
  );

  app.post(
    '/api/leads/:id/contacts',
    { config: { access: STAFF_ROLES }, schema: { params: IdParams, body: ContactLog, response: { 201: LeadDetail } } },
    async (request, reply) => {
      const lead = await leadInScope(request.user, request.params.id);
      await logContact(app.db, request.user.id, lead, request.body);
      return reply.code(201).send(await detail(await leadInScope(request.user, lead.id), request.user));
    },
  );

  app.post(
    '/api/leads/:id/notes',
    { config: { access: STAFF_ROLES }, schema: { params: IdParams, body: NoteBody, response: { 201: Note } } },
    async (request, reply) => {
      const body = request.body.body.trim();
      if (!body) return sendError(reply, 400, 'Please write the note first.');
      const lead = await leadInScope(request.user, request.params.id);
      const { id, username, fullName } = request.user;
      return reply.code(201).send(await addNote(app.db, { id, username, fullName }, lead.id, body));
    },
  );

  app.get('/api/leads/:id/resume', { config: { access: STAFF_ROLES }, schema: { params: IdParams } }, async (request, reply) => {
    const lead = await leadInScope(request.user, request.params.id);
    const resume = await resumeOf(app.db, lead.id);
    const upload = resume && (await openUpload(app.db, app.config.dataDir, resume.id));
    if (!upload) return sendError(reply, 404, NO_RESUME);
    return sendUpload(reply, upload, { as: 'attachment', cache: 'private', missing: NO_RESUME });
  });

  app.get('/api/bde/users', { config: { access: ADMIN_ROLES }, schema: { response: { 200: AssigneeList } } }, async () => ({
    users: await assignableUsers(app.db),
  }));
};

export const leadRoutes = fp(routes, { name: 'leads', dependencies: ['database', 'forms', 'lead-routing'], encapsulate: true });
