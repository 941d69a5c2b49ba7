import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import { databaseKinds, startTestServer, testConfig } from '../support/test-server';
import { loginAs } from '../support/sessions';

type Server = Awaited<ReturnType<typeof startTestServer>>;
/** A new city's own facts, as marketing staff give them in New city. */
const puneFacts = {
  name: 'Pune',
  state: 'Maharashtra',
  street: '3rd Floor, Tower B, Baner Road',
  postalCode: '411045',
  phone: '+91 20 4567 8901',
};
type Block = { type: string; heading?: string; [key: string]: unknown };
/** A page of blocks, or a city page as its facts (Surat's): a template and the city's wording of its sections. */
type Doc = { route: string; blocks: Block[]; template?: string; overrides?: Record<string, Block | null>; [key: string]: unknown };

const ROUTE = '/franchise/surat';
const q = `?route=${encodeURIComponent(ROUTE)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Runs against the output of npm run build: publishing renders with the build's server render.
describe.each(databaseKinds)('the page editor on %s', (kind) => {
  let server: Server;
  let other: FastifyInstance;
  let marketing: Record<string, string>;
  let bde: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ kind, config: { captcha: 'off', outboxIntervalMs: 0 } });
    // A second server on the same database, as a second process behind a load balancer: its own published-pages view.
    other = await buildApp({ config: testConfig(server.dataDir, { captcha: 'off', outboxIntervalMs: 0 }), db: server.db });
    marketing = (await loginAs(server.app, server.db, 'MARKETING')).cookies;
    bde = (await loginAs(server.app, server.db, 'BDE')).cookies;
  });
  afterAll(async () => {
    await other.close();
    await server.close();
  });

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, cookies = marketing) =>
    server.app.inject({ method, url, payload, cookies });
  const open = async () => (await call('GET', `/api/admin/pages/page${q}`)).json().page as { document: Doc; revisionId: number | null };
  const save = (document: Doc, baseRevisionId: number | null) => call('PUT', `/api/admin/pages/page${q}`, { document, baseRevisionId });
  // The hero, the first section: a city page words it in its overrides, by the template section's anchor (top).
  const heroOf = (doc: Doc) => (doc.template ? (doc.overrides?.top ?? {}) : doc.blocks[0]!) as Block;
  const withHero = (doc: Doc, hero: Partial<Block>): Doc =>
    doc.template
      ? { ...doc, overrides: { ...doc.overrides, top: hero as Block } }
      : { ...doc, blocks: [hero as Block, ...doc.blocks.slice(1)] };
  const withHeading = (doc: Doc, heading: string): Doc => withHero(doc, { ...heroOf(doc), heading });
  const visitorSees = async (app: FastifyInstance, route = ROUTE) => (await app.inject({ method: 'GET', url: route })).body;

  it('lets ADMIN and MARKETING in, and no one else', async () => {
    expect((await call('GET', '/api/admin/pages', undefined, bde)).statusCode).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: '/api/admin/pages' })).statusCode).toBe(401);
    const admin = (await loginAs(server.app, server.db, 'ADMIN')).cookies;
    expect((await call('GET', '/api/admin/pages', undefined, admin)).statusCode).toBe(200);
    const list = await call('GET', '/api/admin/pages');
    expect(list.statusCode).toBe(200);
    expect(list.json().pages).toContainEqual(expect.objectContaining({ route: ROUTE, status: 'file', city: 'Surat' }));
    // MARKETING reaches the editor only.
    expect((await call('GET', '/api/jobs')).statusCode).toBe(403);
    expect((await call('GET', '/api/leads')).statusCode).toBe(403);
  });

  it('saves a revision, refuses a stale save with 409 and the difference, previews the draft privately, and publishes it to every server', async () => {
    const file = await open();
    expect(file.revisionId).toBeNull();
    await visitorSees(other); // the second server has read the published pages before the publish

    const saved = await save(withHeading(file.document, 'Surat hires faster'), null);
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = saved.json().page;
    expect(draft).toMatchObject({ status: 'draft', problems: [] });
    expect(draft.revisionId).toBeGreaterThan(0);

    const stale = await save(withHeading(file.document, 'Someone else'), null);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatch(/saved this page since/);
    expect(stale.json().current.revisionId).toBe(draft.revisionId);
    expect(stale.json().changes).toContainEqual({
      pointer: '/overrides/top/heading',
      place: 'Hero (section 1): Heading',
      before: 'Someone else',
      after: 'Surat hires faster',
    });

    const preview = await server.app.inject({ method: 'GET', url: draft.previewPath });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['x-robots-tag']).toContain('noindex');
    expect(preview.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(preview.body).toContain('Surat hires faster');
    expect((await server.app.inject({ method: 'GET', url: '/page-preview/not-a-real-token-at-all-0000' })).statusCode).toBe(404);
    expect(await visitorSees(server.app)).not.toContain('Surat hires faster');

    const published = await call('POST', `/api/admin/pages/publish${q}`, { revisionId: draft.revisionId });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().page.status).toBe('edited');
    const html = await visitorSees(server.app);
    expect(html).toContain('Surat hires faster');
    expect(html).not.toContain('noindex');
    const data = await server.app.inject({ method: 'GET', url: '/page-data/franchise/surat.json' });
    expect(data.json().blocks[0].heading).toBe('Surat hires faster');

    // The other server reads the publish counter at most once a second.
    let seen = '';
    for (let i = 0; i < 30 && !seen.includes('Surat hires faster'); i++) {
      await sleep(100);
      seen = await visitorSees(other);
    }
    expect(seen).toContain('Surat hires faster');
  });

  it('previews unsaved edits, each render its own even when two of one page run at once', async () => {
    const page = await open();
    const [a, b] = await Promise.all(
      ['Preview A', 'Preview B'].map((heading) =>
        call('POST', '/api/admin/pages/preview', { document: withHeading(page.document, heading) }),
      ),
    );
    expect(a!.json().html).toContain('Preview A');
    expect(b!.json().html).toContain('Preview B');
    expect(a!.json().html).toContain('noindex');
    expect(a!.json().problems).toEqual([]);
  });

  it('refuses to publish what npm run validate refuses, naming the field', async () => {
    const page = await open();
    const broken = withHero(page.document, { ...heroOf(page.document), headline: 'typo' });
    const saved = await save(broken, page.revisionId);
    expect(saved.statusCode).toBe(200);
    const draft = saved.json().page;
    expect(draft.problems).toContainEqual({ pointer: '/overrides/top/headline', message: 'unknown field "headline"' });
    const refused = await call('POST', `/api/admin/pages/publish${q}`, { revisionId: draft.revisionId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual({ field: '/overrides/top/headline', message: 'unknown field "headline"' });
    expect(await visitorSees(server.app)).toContain('Surat hires faster');
  });

  it('keeps the history with each change, and rolls back in one call', async () => {
    const page = await open();
    const next = await save(withHeading(page.document, 'Second heading'), page.revisionId);
    const fixed = next.json().page;
    // The typo of the revision before is still there: the second save was made from it. Remove it and publish.
    const { headline: _typo, ...hero } = heroOf(fixed.document);
    const clean = withHero(fixed.document, hero);
    const cleaned = (await save(clean, fixed.revisionId)).json().page;
    expect((await call('POST', `/api/admin/pages/publish${q}`, { revisionId: cleaned.revisionId })).statusCode).toBe(200);
    expect(await visitorSees(server.app)).toContain('Second heading');

    const { revisions } = (await call('GET', `/api/admin/pages/history${q}`)).json();
    expect(revisions.length).toBeGreaterThanOrEqual(4);
    const first = revisions.at(-1);
    // Surat words the template's heading its own way from here on.
    expect(first.changes).toContainEqual({
      pointer: '/overrides/top/heading',
      place: 'Hero (section 1): Heading',
      after: 'Surat hires faster',
    });
    expect(first.author).toBeTruthy();

    const rolled = await call('POST', `/api/admin/pages/rollback${q}`, { revisionId: first.id });
    expect(rolled.statusCode, rolled.body).toBe(200);
    const html = await visitorSees(server.app);
    expect(html).toContain('Surat hires faster');
    expect(html).not.toContain('Second heading');
  });

  it('says in the history why a revision cannot be published, and refuses a rollback to it without saving anything', async () => {
    const at = `?route=${encodeURIComponent('/about')}`;
    const history = async () => (await call('GET', `/api/admin/pages/history${at}`)).json().revisions as Record<string, unknown>[];
    const saveAbout = async (document: Doc, baseRevisionId: number | null) =>
      (await call('PUT', `/api/admin/pages/page${at}`, { document, baseRevisionId })).json().page as { revisionId: number };
    const file = (await call('GET', `/api/admin/pages/page${at}`)).json().page as { document: Doc };
    const { heading, ...hero } = file.document.blocks[0]!;
    // A draft may be saved unfinished: the hero's heading emptied.
    const unfinished = await saveAbout({ ...file.document, blocks: [hero, ...file.document.blocks.slice(1)] }, null);
    const finished = await saveAbout(file.document, unfinished.revisionId);
    expect((await call('POST', `/api/admin/pages/publish${at}`, { revisionId: finished.revisionId })).statusCode).toBe(200);
    const later = await saveAbout(withHeading(file.document, 'A later draft'), finished.revisionId);

    const before = await history();
    expect(before.map((r) => [r.id, r.published, r.problem])).toEqual([
      [later.revisionId, false, null],
      [finished.revisionId, true, null],
      [unfinished.revisionId, false, 'Hero (section 1): Heading: Fill this in: the page needs it.'],
    ]);

    const refused = await call('POST', `/api/admin/pages/rollback${at}`, { revisionId: unfinished.revisionId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual({ field: '/blocks/0/heading', message: 'missing required field "heading"' });
    // Nothing was saved or published: the history is as it was, and visitors still see the heading.
    expect(await history()).toEqual(before);
    expect(await visitorSees(server.app, '/about')).toContain(String(heading));
  });

  it('publishes at a scheduled time', async () => {
    const page = await open();
    const saved = (await save(withHeading(page.document, 'Scheduled heading'), page.revisionId)).json().page;
    const at = new Date(Date.now() + 60 * 60_000).toISOString();
    const scheduled = await call('POST', `/api/admin/pages/publish${q}`, { revisionId: saved.revisionId, at });
    expect(scheduled.json().page).toMatchObject({ status: 'scheduled', scheduledAt: at });
    await server.app.applyDueSchedules();
    expect(await visitorSees(server.app)).not.toContain('Scheduled heading');
    // The hour passes (in the database, whose clock decides what is due).
    await server.db.query(`update page_states set scheduled_at = scheduled_at - interval '61 minutes' where route = $1`, [ROUTE]);
    await server.app.applyDueSchedules();
    expect(await visitorSees(server.app)).toContain('Scheduled heading');
  });

  it('takes a schedule back before it is due, and nothing is published then', async () => {
    const page = await open();
    const saved = (await save(withHeading(page.document, 'Never shown heading'), page.revisionId)).json().page;
    const at = new Date(Date.now() + 60 * 60_000).toISOString();
    await call('POST', `/api/admin/pages/publish${q}`, { revisionId: saved.revisionId, at });
    const cancelled = await call('POST', `/api/admin/pages/cancel-schedule${q}`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().page.scheduledAt).toBeNull();
    expect(cancelled.json().page.status).not.toBe('scheduled');
    await server.db.query(`update page_states set scheduled_at = now() - interval '1 minute' where route = $1`, [ROUTE]);
    await server.app.applyDueSchedules();
    expect(await visitorSees(server.app)).not.toContain('Never shown heading');
    // Nothing left to take back; and only staff who edit pages may.
    expect((await call('POST', `/api/admin/pages/cancel-schedule${q}`, {})).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/pages/cancel-schedule${q}`, {}, bde)).statusCode).toBe(403);
  });

  it('makes a new city from a template, and serves it once published', async () => {
    // A new city is its facts: without them nothing is made.
    const bare = await call('POST', '/api/admin/pages/new-city', { template: 'city-lead-form', route: '/franchise/pune', name: 'Pune' });
    expect(bare.statusCode).toBe(400);
    // Made from a template New city offers, by its name.
    const list = (await call('GET', '/api/admin/pages')).json();
    expect(list.templates.map((t: { name: string }) => t.name)).toEqual(['city-lead-form', 'city-registration', 'city-chennai']);
    const unknown = await call('POST', '/api/admin/pages/new-city', { template: 'surat', route: '/franchise/pune', ...puneFacts });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'template', message: 'Choose one of the templates offered.' }]);
    const made = await call('POST', '/api/admin/pages/new-city', { template: 'city-lead-form', route: '/franchise/pune', ...puneFacts });
    expect(made.statusCode, made.body).toBe(201);
    const page = made.json().page;
    // Its draft is its facts and the template's name: a later change to the template reaches it.
    expect(page.document).toMatchObject({ route: '/franchise/pune', template: 'city-lead-form', $schema: '../../schemas/city-page.json' });
    expect(page.document).not.toHaveProperty('blocks');
    expect(page.template).toMatchObject({ title: expect.any(String), locked: ['how-it-works'] });
    // Pune's facts, none of Surat's.
    expect(page.document.city).toEqual({
      name: 'Pune',
      state: 'Maharashtra',
      phone: '+91 20 4567 8901',
      office: { street: '3rd Floor, Tower B, Baner Road', city: 'Pune', state: 'Maharashtra', postalCode: '411045', country: 'India' },
    });
    expect((await server.app.inject({ method: 'GET', url: '/franchise/pune' })).statusCode).toBe(404);
    const publish = (revisionId: number) => call('POST', '/api/admin/pages/publish?route=/franchise/pune', { revisionId });
    const published = await publish(page.revisionId);
    expect(published.statusCode, published.body).toBe(200);
    const visit = await server.app.inject({ method: 'GET', url: '/franchise/pune' });
    expect(visit.statusCode).toBe(200);
    expect(visit.body).toContain('Pune');
    // Its contact cards show its own office and phone.
    expect(visit.body).toContain('3rd Floor, Tower B, Baner Road, Pune, Maharashtra 411045');
    expect(visit.body).toContain('href="tel:+912045678901"');
    // No other city's figures or events: it has none of its own yet.
    const main = visit.body.slice(visit.body.indexOf('<main'), visit.body.indexOf('</main>'));
    expect(main).toContain('Pune');
    expect(main).not.toMatch(/Surat|500\+|Upcoming Events/);
    expect((await server.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).toContain('/franchise/pune</loc>');
    const again = await call('POST', '/api/admin/pages/new-city', { template: 'city-lead-form', route: '/franchise/pune', ...puneFacts });
    expect(again.statusCode).toBe(400);
  });
});

// Two server processes behind one PostgreSQL, each with its own pool: what one publishes, the other serves.
describe.runIf(process.env.TEST_DATABASE_URL)('the page editor on two processes sharing PostgreSQL', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let admin: Database;
  const instances: { app: FastifyInstance; db: Database; dataDir: string }[] = [];

  beforeAll(async () => {
    admin = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: tmpdir() });
    await admin.query(`create schema ${schema}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'hireframe-pages-'));
      const db = await openDatabase({ databaseUrl: url.toString(), dataDir });
      const config = testConfig(dataDir, { databaseUrl: url.toString(), captcha: 'off', outboxIntervalMs: 0 });
      instances.push({ app: await buildApp({ config, db }), db, dataDir });
    }
  });
  afterAll(async () => {
    for (const { app, db, dataDir } of instances) {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.close();
  });

  it('publishes a new city on one process and the other serves it', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    expect((await b.app.inject({ method: 'GET', url: '/franchise/nashik' })).statusCode).toBe(404);
    const { cookies } = await loginAs(a.app, a.db, 'MARKETING');
    const made = await a.app.inject({
      method: 'POST',
      url: '/api/admin/pages/new-city',
      payload: {
        template: 'city-lead-form',
        route: '/franchise/nashik',
        ...puneFacts,
        name: 'Nashik',
        street: 'College Road',
        postalCode: '422005',
      },
      cookies,
    });
    expect(made.statusCode, made.body).toBe(201);
    const published = await a.app.inject({
      method: 'POST',
      url: '/api/admin/pages/publish?route=/franchise/nashik',
      payload: { revisionId: made.json().page.revisionId },
      cookies,
    });
    expect(published.statusCode, published.body).toBe(200);
    let status = 404;
    for (let i = 0; i < 30 && status !== 200; i++) {
      await sleep(100);
      status = (await b.app.inject({ method: 'GET', url: '/franchise/nashik' })).statusCode;
    }
    expect(status).toBe(200);
    expect((await b.app.inject({ method: 'GET', url: '/franchise/nashik' })).body).toContain('Nashik');
  });
});
