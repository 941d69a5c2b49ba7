import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../shared/api/common';
import { LeadPerson, MergeBody, PartParams } from '../../shared/api/people';
import { ADMIN_ROLES, STAFF_ROLES } from '../../shared/roles';
import { FieldErrors } from '../http/error-reply';
import { findLead } from '../leads/store';
import type { Viewer } from '../leads/lead-where';
import { mergePeople, personOfLead, separatePart } from './store';

const NOT_FOUND = 'This lead does not exist or is not yours to see.';

/** The person behind a lead, across forms: "Seen before", their records, and the ADMIN's merges and separations. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const titleOf = (formId: string) => app.formCatalog.forms.get(formId)?.definition.title ?? formId;

  /** The lead's id if the viewer may see it; out of scope is answered as missing. */
  async function leadInScope(viewer: Viewer, id: string): Promise<string> {
    const lead = await findLead(app.db, viewer, id);
    if (!lead) throw app.httpErrors.notFound(NOT_FOUND);
    return lead.id;
  }

  app.get(
    '/api/leads/:id/person',
    { config: { access: STAFF_ROLES }, schema: { params: IdParams, response: { 200: LeadPerson } } },
    async (request) => personOfLead(app.db, request.user, await leadInScope(request.user, request.params.id), titleOf),
  );

  app.post(
    '/api/leads/:id/person/merge',
    { config: { access: ADMIN_ROLES }, schema: { params: IdParams, body: MergeBody, response: { 200: LeadPerson } } },
    async (request) => {
      const leadId = await leadInScope(request.user, request.params.id);
      const outcome = await mergePeople(app.db, request.user.id, leadId, request.body.with);
      if (outcome === 'no-such-lead')
        throw new FieldErrors(400, [{ field: 'with', message: 'No lead has that reference. It reads like HF-2026-000123.' }]);
      if (outcome === 'same-person') throw new FieldErrors(400, [{ field: 'with', message: 'That lead is already from this person.' }]);
      return personOfLead(app.db, request.user, leadId, titleOf);
    },
  );

  app.post(
    '/api/leads/:id/person/parts/:part/separate',
    { config: { access: ADMIN_ROLES }, schema: { params: PartParams, response: { 200: LeadPerson } } },
    async (request) => {
      const leadId = await leadInScope(request.user, request.params.id);
      if (!(await separatePart(app.db, request.user.id, leadId, request.params.part)))
        throw app.httpErrors.notFound('That person is not merged into the person of this lead.');
      return personOfLead(app.db, request.user, leadId, titleOf);
    },
  );
};

export const peopleRoutes = fp(routes, { name: 'people', dependencies: ['database', 'forms'], encapsulate: true });
