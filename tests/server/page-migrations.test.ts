import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { first } from '../support/present';
import { suratVersion1 } from '../support/earlier-shapes';
import { currentPageVersion } from '../../src/shared/page-migrations/migrate-page';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Doc = { version: number; city: unknown; blocks: { heading?: string }[]; [key: string]: unknown };

const ROUTE = '/franchise/vadodara';
const q = `?route=${encodeURIComponent(ROUTE)}`;
const HEADING = 'Jobs, Campus Hiring and Skilled Talent in Vadodara';
/** A city page as the editor saved it while a city was a string: version 1 of the page shape. */
const version1 = JSON.parse(
  suratVersion1
    // Vadodara's own office, not Surat's.
    .replace('Office 512, 5th Floor, Platinum Plaza, Ring Road', '2nd Floor, Alkapuri Arcade, R C Dutt Road')
    .replace('395002', '390007')
    .replaceAll('/franchise/surat', ROUTE)
    .replaceAll('Surat', 'Vadodara'),
) as Doc;

// Runs against the output of npm run build: publishing renders with the build's server render.
describe.each(databaseKinds)('a page saved and published in an earlier shape, on %s', (kind) => {
  let server: Server;
  let marketing: Record<string, string>;
  let oldRevision: number;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ kind, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });
    marketing = (await loginAs(server.app, server.db, 'MARKETING')).cookies;
    // Rows as the editor wrote them before the change of shape: a revision, published with its HTML and document.
    const revision = first(
      await server.db.query<{ id: string }>(
        `insert into page_revisions (route, document, author_name, summary) values ($1, $2, 'Meera', 'made') returning id`,
        [ROUTE, JSON.stringify(version1)],
      ),
      'the revision',
    );
    oldRevision = Number(revision.id);
    token = randomBytes(24).toString('base64url');
    await server.db.query(
      `insert into page_states (route, head_revision_id, preview_token, published_revision_id, published_html, published_data,
         published_build, published_at, published_by)
       values ($1, $2, $3, $2, $4, $5, $6, now(), 'Meera')`,
      [
        ROUTE,
        oldRevision,
        token,
        '<!doctype html><p>rendered from version 1</p>',
        JSON.stringify(version1),
        await server.app.pageRenderer.build(),
      ],
    );
    await server.db.query('update page_publish_version set version = version + 1 where id = 1');
  });
  afterAll(() => server.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    server.app.inject({ method, url, payload, cookies: marketing });
  const open = async () => (await call('GET', `/api/admin/pages/page${q}`)).json().page as { document: Doc; revisionId: number };
  const visitorSees = async () => (await server.app.inject({ method: 'GET', url: ROUTE })).body;
  const withHeading = (doc: Doc, heading: string): Doc => ({ ...doc, blocks: doc.blocks.map((b, i) => (i === 0 ? { ...b, heading } : b)) });
  const storedDocument = async (id: number) =>
    first(await server.db.query<{ document: Doc }>('select document from page_revisions where id = $1', [id]), 'the revision').document;

  it('serves the published page in the current shape, rendered again, and its forms know its city', async () => {
    const html = await visitorSees();
    expect(html).toContain(HEADING);
    expect(html).not.toContain('rendered from version 1');
    const data = (await server.app.inject({ method: 'GET', url: `/page-data${ROUTE}.json` })).json();
    expect(data).toMatchObject({ version: currentPageVersion, city: { name: 'Vadodara' } });

    const sent = await server.app.inject({
      method: 'POST',
      url: '/api/forms/contact',
      payload: {
        page: ROUTE,
        captcha: 'x',
        data: { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', subject: 'Hiring', message: 'Ten drivers' },
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const row = first(await server.db.query<{ city: string }>('select city from submissions where id = $1', [sent.json().id]), 'the lead');
    expect(row.city).toBe('Vadodara');
  });

  it('lists, opens, checks and previews the old revision as a current document', async () => {
    const list = (await call('GET', '/api/admin/pages')).json().pages;
    expect(list).toContainEqual(expect.objectContaining({ route: ROUTE, status: 'edited', city: 'Vadodara' }));
    const page = await open();
    expect(page).toMatchObject({ revisionId: oldRevision, problems: [] });
    expect(page.document).toMatchObject({ version: currentPageVersion, city: { name: 'Vadodara' } });

    const draft = await server.app.inject({ method: 'GET', url: `/page-preview/${token}` });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.body).toContain(HEADING);
    const preview = (await call('POST', '/api/admin/pages/preview', { document: withHeading(page.document, 'Vadodara preview') })).json();
    expect(preview.problems).toEqual([]);
    expect(preview.html).toContain('Vadodara preview');
  });

  it('saves an edit on top of it, showing only what was edited, publishes either, and rolls back to it', async () => {
    const page = await open();
    const saved = await call('PUT', `/api/admin/pages/page${q}`, {
      document: withHeading(page.document, 'Vadodara hires'),
      baseRevisionId: oldRevision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const edited = saved.json().page;
    expect(edited.problems).toEqual([]);

    const { revisions } = (await call('GET', `/api/admin/pages/history${q}`)).json();
    expect(revisions.map((r: { id: number }) => r.id)).toEqual([edited.revisionId, oldRevision]);
    expect(revisions[0].changes).toEqual([
      { pointer: '/blocks/0/heading', place: expect.stringMatching(/: Heading$/), before: HEADING, after: 'Vadodara hires' },
    ]);

    const published = await call('POST', `/api/admin/pages/publish${q}`, { revisionId: edited.revisionId });
    expect(published.statusCode, published.body).toBe(200);
    expect(await visitorSees()).toContain('Vadodara hires');
    const republished = await call('POST', `/api/admin/pages/publish${q}`, { revisionId: oldRevision });
    expect(republished.statusCode, republished.body).toBe(200);
    expect(await visitorSees()).toContain(HEADING);

    const rolled = await call('POST', `/api/admin/pages/rollback${q}`, { revisionId: oldRevision });
    expect(rolled.statusCode, rolled.body).toBe(200);
    const head = rolled.json().page;
    expect(head.status).toBe('edited');
    expect(await visitorSees()).toContain(HEADING);
    // The rollback's revision is stored in the current shape; the old row stays as it was written.
    expect(await storedDocument(head.revisionId)).toMatchObject({ version: currentPageVersion, city: { name: 'Vadodara' } });
    expect(await storedDocument(oldRevision)).toMatchObject({ version: 1, city: 'Vadodara' });
  });
});
