import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  RoutingConflict,
  RoutingHistory,
  RoutingInForce,
  SaveRouting,
  type RoutingChoices,
  type RoutingVersion,
} from '../../shared/api/lead-routing';
import { cityNameOf } from '../../shared/city-page';
import { ADMIN_ROLES, BDE_ROLES } from '../../shared/roles';
import { recordActivity } from '../activity/store';
import { FieldErrors } from '../http/error-reply';
import { readPageFiles, schemasDir } from '../site/pages-on-disk';
import { migratePage } from '../../shared/page-migrations/migrate-page';
import { ROUTING_SCHEMA, routingDocumentProblems } from './routing-checks';
import { routingHistory, routingPeople, saveRoutingVersion } from './versions-store';

export const ROUTING_CONFLICT =
  'Someone else saved the routing rules since you opened them. Their version is shown now: make your change again and save.';

const versionOf = (row: { id: number | string; saved_by_name: string; saved_at: Date; note: string | null }): RoutingVersion => ({
  id: Number(row.id),
  savedBy: row.saved_by_name,
  savedAt: new Date(row.saved_at).toISOString(),
  note: row.note,
});

/** The cities franchise pages are about (their `city`), read once: pages/ does not change while the server runs. */
function pageCities(): string[] {
  const cities = new Set<string>();
  for (const file of readPageFiles()) {
    if (file.kind !== 'page') continue;
    try {
      const name = cityNameOf(migratePage(JSON.parse(file.text)));
      if (name) cities.add(name);
    } catch {
      // A page npm run validate refuses names no city here.
    }
  }
  return [...cities];
}

const visitorTypes = (): string[] =>
  (JSON.parse(readFileSync(join(schemasDir, 'form.json'), 'utf8')) as { definitions: { visitorType: { enum: string[] } } }).definitions
    .visitorType.enum;

/** /admin/lead-routing: the rules in force with what the editor offers, a new version (a restore is one), the history. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const access = ADMIN_ROLES;
  const fixed = { cities: pageCities(), visitorTypes: visitorTypes() };

  async function choices(): Promise<RoutingChoices> {
    const forms = [...app.formCatalog.forms.values()]
      .filter((form) => !form.aliasOf)
      .map(({ definition }) => ({ id: definition.id, title: definition.title ?? definition.id, collection: definition.collection }))
      .sort((a, b) => a.title.localeCompare(b.title));
    const people = await routingPeople(app.db, BDE_ROLES);
    const cities = new Set([...fixed.cities, ...people.flatMap((p) => (p.city ? [p.city] : []))]);
    return {
      forms,
      collections: [...new Set(forms.map((form) => form.collection))].sort(),
      roles: [...BDE_ROLES],
      people,
      cities: [...cities].sort((a, b) => a.localeCompare(b)),
      visitorTypes: fixed.visitorTypes,
    };
  }

  const inForce = async (): Promise<RoutingInForce> => {
    const { document, version } = app.leadRoutingSource.inForce();
    return { document, version: version && versionOf(version), choices: await choices() };
  };

  app.get('/api/admin/lead-routing', { config: { access }, schema: { response: { 200: RoutingInForce } } }, inForce);

  app.put(
    '/api/admin/lead-routing',
    { config: { access }, schema: { body: SaveRouting, response: { 200: RoutingInForce, 409: RoutingConflict } } },
    async (request, reply) => {
      const { basedOn, note } = request.body;
      const document = { ...request.body.document, $schema: ROUTING_SCHEMA };
      const problems = routingDocumentProblems(document);
      if (problems.length) throw new FieldErrors(400, problems);
      const saved = await saveRoutingVersion(app.db, {
        data: document,
        basedOn,
        savedBy: request.user.id,
        savedByName: request.user.fullName || request.user.username,
        note: note?.trim() || null,
      });
      await app.leadRoutingSource.refresh();
      if (saved === 'conflict') {
        return reply
          .code(409)
          .send({ error: ROUTING_CONFLICT, errors: [{ field: '', message: ROUTING_CONFLICT }], current: await inForce() });
      }
      await recordActivity(
        app.db,
        request.user.id,
        'lead-routing.saved',
        { type: 'lead-routing', id: saved.id },
        { version: Number(saved.id), note: saved.note, rules: document.rules.length, teams: Object.keys(document.teams).length },
      );
      return inForce();
    },
  );

  app.get('/api/admin/lead-routing/history', { config: { access }, schema: { response: { 200: RoutingHistory } } }, async () => ({
    versions: (await routingHistory(app.db)).map((row) => ({ ...versionOf(row), document: row.data })),
    file: app.leadRoutingSource.file,
  }));
};

export const leadRoutingRoutes = fp(routes, {
  name: 'lead-routing-routes',
  dependencies: ['database', 'lead-routing', 'forms'],
  encapsulate: true,
});
