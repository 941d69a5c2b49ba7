import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import { createUser } from '../../src/server/users/store';
import type { LeadRouting } from '../../src/shared/generated/lead-routing';
import { ROUTING_CONFLICT } from '../../src/server/lead-routing/routes';
import { databaseKinds, startTestServer, startedDataDir, testConfig } from '../support/test-server';
import { loginAs } from '../support/sessions';

// Admins change who new leads go to at /admin/lead-routing: each save is a version in the database, the newest routes
// the next submission (in this process at once, in every other within seconds), and pages/lead-routing.json routes
// them while none is saved.
type Server = Awaited<ReturnType<typeof startTestServer>>;

describe.each(databaseKinds)('lead routing edited by admins on %s', (kind) => {
  let server: Server;
  let adminToken: string;
  const othersTokens: string[] = [];
  const usernames = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });
    adminToken = (await loginAs(server.app, server.db, 'ADMIN', { username: 'meera.admin', fullName: 'Meera Iyer' })).token;
    for (const username of ['gita.bde', 'hari.bde']) {
      const { id } = await createUser(server.db, { username, password: 'correct horse battery', role: 'BDE', fullName: username });
      usernames.set(id, username);
    }
    const fbde = await createUser(server.db, {
      username: 'anil.fbde',
      password: 'x'.repeat(12),
      role: 'FBDE',
      city: 'Surat',
      fullName: 'Anil Shah',
    });
    usernames.set(fbde.id, 'anil.fbde');
    // Not ADMIN: the page editors, and a franchise BDE (of no city, so no team of the rules takes them).
    for (const role of ['MARKETING', 'FBDE']) othersTokens.push((await loginAs(server.app, server.db, role)).token);
  });
  afterAll(() => server?.close());

  const call = (method: 'GET' | 'PUT', url: string, payload?: object, token = adminToken) =>
    server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  const consultation = async (n: number, app = server.app) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/forms/consultation',
      payload: {
        page: '/it-recruitment',
        // Each visitor is someone else: a repeat of one person would stay with whoever has their lead.
        data: { name: `Visitor ${n}`, email: `v${n}@example.com`, contact: `98766${String(n).padStart(5, '0')}`, lookingFor: 'Job' },
        captcha: 'x',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const assigneeOf = async (id: string) => {
    const [row] = await server.db.query<{ assigned_to: string | null }>('select assigned_to from submissions where id = $1', [id]);
    return row?.assigned_to ? usernames.get(row.assigned_to) : null;
  };
  const versionCount = async () => Number((await server.db.query<{ n: string }>('select count(*) as n from lead_routing_versions'))[0]?.n);

  /** The shipped rules with consultations sent to Gita alone, first. */
  const gitaTakesConsultations = (file: LeadRouting): LeadRouting => ({
    ...file,
    teams: { ...file.teams, 'gita-only': { name: 'Gita alone', members: ['gita.bde'] } },
    rules: [{ name: 'Consultations go to Gita', when: { forms: ['consultation'] }, team: 'gita-only' }, ...file.rules],
  });

  let file: LeadRouting;

  it('shows ADMIN the file while nothing is saved, with the forms, roles, people and cities to choose from', async () => {
    const response = await call('GET', '/api/admin/lead-routing');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    file = body.document;
    expect(body.version).toBeNull();
    expect(file.defaultTeam).toBe('head-office');
    expect(body.choices.forms).toContainEqual({ id: 'consultation', title: expect.any(String), collection: expect.any(String) });
    expect(body.choices.roles).toEqual(['BDE', 'FBDE']);
    expect(body.choices.people.map((p: { username: string }) => p.username)).toEqual(
      expect.arrayContaining(['anil.fbde', 'gita.bde', 'hari.bde']),
    );
    expect(body.choices.people).toContainEqual({ username: 'anil.fbde', fullName: 'Anil Shah', role: 'FBDE', city: 'Surat' });
    expect(body.choices.cities).toEqual(expect.arrayContaining(['Surat', 'Chennai']));
    expect(body.choices.visitorTypes).toContain('employer');
    // Head office takes consultations in turn.
    const before = [await assigneeOf(await consultation(1)), await assigneeOf(await consultation(2))];
    expect(before.sort()).toEqual(['gita.bde', 'hari.bde']);
  });

  it('refuses everyone but ADMIN', async () => {
    for (const token of othersTokens)
      for (const [method, url] of [
        ['GET', '/api/admin/lead-routing'],
        ['PUT', '/api/admin/lead-routing'],
        ['GET', '/api/admin/lead-routing/history'],
      ] as const) {
        const payload = method === 'PUT' ? { document: gitaTakesConsultations(file), basedOn: null } : undefined;
        expect((await call(method, url, payload, token)).statusCode, `${method} ${url}`).toBe(403);
      }
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/admin/lead-routing' });
    expect(anonymous.statusCode).toBe(401);
    expect(await versionCount()).toBe(0);
  });

  it('routes the next submission by a saved version at once, and logs who saved it', async () => {
    const response = await call('PUT', '/api/admin/lead-routing', {
      document: gitaTakesConsultations(file),
      basedOn: null,
      note: 'Gita runs consultations',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().version).toEqual({
      id: expect.any(Number),
      savedBy: 'Meera Iyer',
      savedAt: expect.any(String),
      note: 'Gita runs consultations',
    });
    const leads = [await consultation(3), await consultation(4), await consultation(5)];
    expect(await Promise.all(leads.map(assigneeOf))).toEqual(['gita.bde', 'gita.bde', 'gita.bde']);
    const lead = await call('GET', `/api/leads/${leads[0]}`);
    expect(lead.json().history[0]).toMatchObject({ kind: 'routed', team: 'Gita alone', rule: 'Consultations go to Gita' });
    const [activity] = await server.db.query<{ action: string; detail: { note: string } }>(
      `select action, detail from activity where action = 'lead-routing.saved'`,
    );
    expect(activity).toMatchObject({ action: 'lead-routing.saved', detail: { note: 'Gita runs consultations' } });
    // What GET answers now is the saved version.
    const now = (await call('GET', '/api/admin/lead-routing')).json();
    expect(now.document.rules[0].name).toBe('Consultations go to Gita');
    expect(now.version.id).toBe(response.json().version.id);
  });

  it('refuses a document with problems, naming each at its field, and stores nothing', async () => {
    const current = (await call('GET', '/api/admin/lead-routing')).json();
    const broken: LeadRouting = {
      ...current.document,
      rules: [{ name: '', when: { forms: ['consultaton'] }, team: 'no-such-team' }, ...current.document.rules.slice(1)],
      digest: { ...current.document.digest, time: '9am' },
      responseClock: { ...current.document.responseClock, reminder: { subject: 'Hurry {cuont}', intro: 'x' } },
    };
    const response = await call('PUT', '/api/admin/lead-routing', { document: broken, basedOn: current.version.id });
    expect(response.statusCode, response.body).toBe(400);
    const errors: { field: string; message: string }[] = response.json().errors;
    const at = (field: string) => errors.find((e) => e.field === field)?.message;
    expect(at('/rules/0/name')).toBe('Rule 1, name: must not be empty');
    expect(at('/rules/0/team')).toMatch(/^Rule 1, goes to: no team "no-such-team" in teams/);
    expect(at('/rules/0/when/forms/0')).toMatch(/^Rule 1, forms: no form "consultaton" in pages\/forms.*consultation/);
    expect(at('/digest/time')).toBe('Morning digest, time: must be a time of day, such as 09:00');
    expect(at('/responseClock/reminder/subject')).toMatch(/^Response clock, reminder mail, subject: unknown placeholder \{cuont\}.*count/);
    expect(response.json().error).toBe(errors[0]?.message);
    expect(await versionCount()).toBe(1);
    expect(server.app.leadRouting.rules[0]?.name).toBe('Consultations go to Gita');
  });

  it('refuses WhatsApp messages for a form that does not exist, or with a placeholder they cannot fill', async () => {
    const current = (await call('GET', '/api/admin/lead-routing')).json();
    const whatsapp = current.document.whatsapp;
    const broken: LeadRouting = {
      ...current.document,
      whatsapp: { default: { ...whatsapp.default, hi: 'नमस्ते {count}' }, forms: { consultaton: whatsapp.default } },
    };
    const response = await call('PUT', '/api/admin/lead-routing', { document: broken, basedOn: current.version.id });
    expect(response.statusCode, response.body).toBe(400);
    const errors: { field: string; message: string }[] = response.json().errors;
    const at = (field: string) => errors.find((e) => e.field === field)?.message;
    expect(at('/whatsapp/default/hi')).toMatch(/^WhatsApp messages, for every form, in Hindi: unknown placeholder \{count\}/);
    expect(at('/whatsapp/forms/consultaton')).toMatch(
      /^WhatsApp messages, forms, consultaton: no form "consultaton" in pages\/forms.*consultation/,
    );
  });

  it('refuses a save based on a version that is no longer the newest, with 409', async () => {
    const response = await call('PUT', '/api/admin/lead-routing', { document: file, basedOn: null });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      error: ROUTING_CONFLICT,
      current: { version: { savedBy: 'Meera Iyer' } },
    });
    expect(response.json().current.document.rules[0].name).toBe('Consultations go to Gita');
    expect(await versionCount()).toBe(1);
  });

  it('keeps every version in the history, and restores an old one as a new version', async () => {
    const history = (await call('GET', '/api/admin/lead-routing/history')).json();
    expect(history.versions).toHaveLength(1);
    expect(history.versions[0]).toMatchObject({ savedBy: 'Meera Iyer', note: 'Gita runs consultations' });
    expect(history.file.rules).toEqual(file.rules);
    const restored = await call('PUT', '/api/admin/lead-routing', {
      document: history.file,
      basedOn: history.versions[0].id,
      note: 'Restored the installed rules',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const assignees = [await assigneeOf(await consultation(6)), await assigneeOf(await consultation(7))];
    expect(assignees.sort()).toEqual(['gita.bde', 'hari.bde']);
    const after = (await call('GET', '/api/admin/lead-routing/history')).json();
    expect(after.versions.map((v: { note: string }) => v.note)).toEqual(['Restored the installed rules', 'Gita runs consultations']);
  });

  it('opens a lead with the WhatsApp message to start from, signed by whoever opens it, kept by a version saved without messages', async () => {
    const id = await consultation(9);
    const opened = async () => (await call('GET', `/api/leads/${id}`)).json().whatsapp;
    const expected = {
      en: 'Hello Visitor 9, this is Meera Iyer from Hireframe. Thank you for getting in touch with us. Is this a good time to talk?',
      hi: 'नमस्ते Visitor 9, मैं Hireframe से Meera Iyer। हमसे संपर्क करने के लिए धन्यवाद। क्या अभी बात करने का सही समय है?',
    };
    expect(await opened()).toEqual(expected);
    const { document, version } = (await call('GET', '/api/admin/lead-routing')).json();
    const { whatsapp: _, ...withoutMessages } = document as LeadRouting;
    const saved = await call('PUT', '/api/admin/lead-routing', { document: withoutMessages, basedOn: version.id, note: 'No messages' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await opened()).toEqual(expected);
  });

  it('reaches a second server on the same database within seconds', async () => {
    const dataDir = startedDataDir();
    // Another process behind the same PostgreSQL has a pool of its own; PGlite is one process, so it shares the handle.
    const db: Database = kind === 'postgres' ? await openDatabase({ databaseUrl: server.databaseUrl, dataDir }) : server.db;
    const second = await buildApp({
      config: testConfig(dataDir, { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 }),
      db,
      site: false,
    });
    try {
      expect(second.leadRouting.rules[0]?.name).toBe(file.rules[0]?.name);
      const { version } = (await call('GET', '/api/admin/lead-routing')).json();
      const saved = await call('PUT', '/api/admin/lead-routing', { document: gitaTakesConsultations(file), basedOn: version.id });
      expect(saved.statusCode, saved.body).toBe(200);
      await expect.poll(() => second.leadRouting.rules[0]?.name, { timeout: 10_000 }).toBe('Consultations go to Gita');
      expect(await assigneeOf(await consultation(8, second))).toBe('gita.bde');
    } finally {
      await second.close();
      if (db !== server.db) await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
