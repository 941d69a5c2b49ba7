import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { publish, saveRevision } from '../../src/server/page-editor/store';
import { newCityPage } from '../support/page-files';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Doc = Record<string, unknown> & { route: string; blocks: Record<string, unknown>[] };

const TEMPLATE = 'city-lead-form';
const SURAT = '/franchise/surat';

/** Routes a page may never have: another kind of file's, the server's own, the app's. */
const REFUSED = {
  '/site': /pages\/site\.json, which holds the site settings/,
  '/forms/consultation': /pages\/forms\/consultation\.json, which holds a form/,
  '/forms/contact': /pages\/forms\/contact\.json, which holds a form/,
  '/home': /pages\/home\.json, which is another page's file/,
  '/api': /The server answers \/api itself/,
  '/api/jobs': /The server answers \/api\/jobs itself/,
  '/assets': /The server answers \/assets itself/,
  '/images': /The server answers \/images itself/,
  '/healthz': /The server answers \/healthz itself/,
  '/readyz': /The server answers \/readyz itself/,
  '/unsubscribe': /The server answers \/unsubscribe itself/,
  '/your-data/confirm': /The server answers \/your-data\/confirm itself/,
  '/login': /is a screen of the site's app/,
  '/blogs': /is a screen of the site's app/,
};

describe.each(databaseKinds)('page routes in the page editor on %s', (kind) => {
  let server: Server;
  let marketing: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ kind, config: { captcha: 'off', outboxIntervalMs: 0 } });
    marketing = (await loginAs(server.app, server.db, 'MARKETING')).cookies;
  });
  afterAll(() => server.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    server.app.inject({ method, url, payload, cookies: marketing });
  const q = (route: string) => `?route=${encodeURIComponent(route)}`;
  // Each city its own office, as New city asks for.
  const newCity = (route: string, name: string) =>
    call('POST', '/api/admin/pages/new-city', {
      template: TEMPLATE,
      route,
      name,
      state: 'Maharashtra',
      street: `Office of ${route}`,
      postalCode: '411045',
    });
  const visit = (url: string) => server.app.inject({ method: 'GET', url });

  /** A page at a route as one was made and published before such routes were refused: straight into the database. */
  async function publishedAsBefore(route: string, city: string) {
    const office = { street: `Office of ${route}`, city, state: 'Maharashtra', postalCode: '411045', country: 'India' };
    const document = newCityPage(route, { name: city, state: 'Maharashtra', office });
    const saved = await saveRevision(server.db, {
      route,
      document,
      baseRevisionId: null,
      authorId: null,
      authorName: 'Before',
      summary: 'made',
    });
    if (saved === 'conflict') throw new Error('conflict');
    await publish(server.db, {
      route,
      revisionId: Number(saved.id),
      html: `<p>${city} page</p>`,
      data: JSON.stringify(document),
      build: 'x',
      by: 'Before',
    });
    await server.app.publishedPages.changed();
    return Number(saved.id);
  }

  it('refuses a new page at each route no page may have, in words, and makes none', async () => {
    for (const [route, message] of Object.entries(REFUSED)) {
      const made = await newCity(route, 'Site');
      expect(made.statusCode, `${route}: ${made.body}`).toBe(400);
      expect(made.json().errors).toEqual([{ field: 'route', message: expect.stringMatching(message) }]);
      expect((await call('GET', `/api/admin/pages/page${q(route)}`)).statusCode).toBe(404);
    }
    expect((await call('GET', '/api/admin/pages')).json().pages.map((p: { route: string }) => p.route)).not.toContain('/site');
  });

  it('refuses to publish a page at such a route, and the other pages stay publishable beside one published before', async () => {
    for (const route of ['/site', '/healthz', '/forms/consultation', '/home']) {
      const id = await publishedAsBefore(route, 'Site');
      const again = await call('POST', `/api/admin/pages/publish${q(route)}`, { revisionId: id });
      expect(again.statusCode, route).toBe(400);
      expect(again.json().errors[0]).toMatchObject({ field: '/route' });
    }
    const surat = (await call('GET', `/api/admin/pages/page${q(SURAT)}`)).json().page;
    expect(surat.problems).toEqual([]);
    const saved = await call('PUT', `/api/admin/pages/page${q(SURAT)}`, { document: surat.document, baseRevisionId: null });
    const published = await call('POST', `/api/admin/pages/publish${q(SURAT)}`, { revisionId: saved.json().page.revisionId });
    expect(published.statusCode, published.body).toBe(200);
    // The server's own route still answers, and the sitemap lists no page there.
    expect((await visit('/healthz')).json()).toEqual({ status: 'ok' });
    const sitemap = (await visit('/sitemap.xml')).body;
    expect(sitemap).not.toContain('/healthz</loc>');
    expect(sitemap).not.toContain('/site</loc>');
  });

  it('unpublishes, renames (the old route answers 301) and deletes a page, each in its history', async () => {
    expect((await visit('/site')).statusCode).toBe(200);
    // A rename to a route no page may have is refused too.
    const badRename = await call('POST', `/api/admin/pages/rename${q('/site')}`, { to: '/forms/contact' });
    expect(badRename.statusCode).toBe(400);
    expect(badRename.json().errors[0]).toMatchObject({ field: 'to', message: expect.stringMatching(/holds a form/) });

    const renamed = await call('POST', `/api/admin/pages/rename${q('/site')}`, { to: '/franchise/site' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().page).toMatchObject({ route: '/franchise/site', status: 'edited', problems: [] });
    expect(renamed.json().page.document).toMatchObject({ route: '/franchise/site', $schema: '../../schemas/page.json' });
    const old = await visit('/site?from=ad');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/franchise/site?from=ad');
    expect((await visit('/franchise/site')).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/pages/history${q('/site')}`)).json().revisions[0].summary).toBe('renamed to /franchise/site');
    expect((await call('GET', `/api/admin/pages/history${q('/franchise/site')}`)).json().revisions[0].summary).toBe('renamed from /site');

    const unpublished = await call('POST', `/api/admin/pages/unpublish${q('/franchise/site')}`, {});
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect(unpublished.json().page.status).toBe('draft');
    expect((await visit('/franchise/site')).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/pages/unpublish${q('/franchise/site')}`, {})).statusCode).toBe(400);

    const deleted = await call('POST', `/api/admin/pages/delete${q('/franchise/site')}`, {});
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ route: '/franchise/site' });
    expect((await call('GET', `/api/admin/pages/page${q('/franchise/site')}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/pages/history${q('/franchise/site')}`)).json().revisions[0].summary).toBe('deleted');
    // Its old address no longer redirects to a page that is gone.
    expect((await visit('/site')).statusCode).toBe(404);

    // A page served from pages/ is unpublished here (its file serves again), but deleted or renamed in git.
    const fileDelete = await call('POST', `/api/admin/pages/delete${q(SURAT)}`, {});
    expect(fileDelete.statusCode).toBe(400);
    expect(fileDelete.json().error).toMatch(/file of pages\//);
    expect((await call('POST', `/api/admin/pages/rename${q(SURAT)}`, { to: '/franchise/x' })).statusCode).toBe(400);
    expect((await call('POST', `/api/admin/pages/unpublish${q(SURAT)}`, {})).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/pages/page${q(SURAT)}`)).json().page.status).toBe('draft');
  });

  it('lets only ADMIN and MARKETING unpublish, rename and delete, and checks what they send', async () => {
    const bde = (await loginAs(server.app, server.db, 'BDE')).cookies;
    for (const action of ['unpublish', 'delete', 'rename']) {
      const url = `/api/admin/pages/${action}${q('/healthz')}`;
      expect((await server.app.inject({ method: 'POST', url, payload: { to: '/x' }, cookies: bde })).statusCode).toBe(403);
      expect((await server.app.inject({ method: 'POST', url, payload: { to: '/x' } })).statusCode).toBe(401);
    }
    expect((await call('POST', `/api/admin/pages/rename${q('/healthz')}`, { to: 'no slash' })).statusCode).toBe(400);
    expect((await call('POST', `/api/admin/pages/rename${q('/healthz')}`, {})).statusCode).toBe(400);
    expect((await call('POST', `/api/admin/pages/delete${q('/nothing-here')}`, {})).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/pages/delete${q('/healthz')}`, {})).statusCode).toBe(200);
  });

  it('refuses a draft preview with a link publishing would refuse, as publishing does', async () => {
    const made = (await newCity('/franchise/pune', 'Pune')).json().page;
    const linkTo = (href: string): Doc => {
      // A new city's page is its facts: its hero's buttons are worded its own way.
      const doc = structuredClone(made.document) as Doc;
      return { ...doc, overrides: { top: { buttons: [{ label: 'Go', action: { href } }] } } };
    };
    let base = made.revisionId as number;
    for (const href of ['data:text/html,<script>alert(1)</script>', 'http://evil.example/', '//evil.example/', 'javascript:alert(1)']) {
      const saved = (
        await call('PUT', `/api/admin/pages/page${q('/franchise/pune')}`, { document: linkTo(href), baseRevisionId: base })
      ).json().page;
      base = saved.revisionId;
      const preview = await visit(saved.previewPath);
      expect(preview.statusCode, href).toBe(422);
      // Not rendered: the answer says what to fix, as JSON, never as a page on the site's address.
      expect(preview.headers['content-type']).toMatch(/^application\/json/);
      expect(preview.json().errors[0].field).toMatch(/\/href$/);
      expect((await call('POST', `/api/admin/pages/publish${q('/franchise/pune')}`, { revisionId: base })).statusCode).toBe(400);
    }
    const fixed = (
      await call('PUT', `/api/admin/pages/page${q('/franchise/pune')}`, { document: linkTo('https://example.com/'), baseRevisionId: base })
    ).json().page;
    const preview = await visit(fixed.previewPath);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('https://example.com/');
  });
});
