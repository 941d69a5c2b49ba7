import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifySensible from '@fastify/sensible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { publishedJob } from '../support/published-job';
import { SITEMAP_PAGES_FILE, sitemapRoutes, type SitemapPage } from '../../src/server/site/sitemap';
import { site } from '../../src/content/site';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const isoTime = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{3})?Z';
const head = '<?xml version="1.0" encoding="UTF-8"?>';
const xmlns = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
/** A sitemap names the namespace of the links to a page's other languages; an index holds none. */
const rootAttributes = { urlset: `${xmlns} xmlns:xhtml="http://www.w3.org/1999/xhtml"`, sitemapindex: xmlns };
const alternate = '<xhtml:link rel="alternate" hreflang="[a-zA-Z-]+" href="https://[^"<&]+"/>';
const entryOf = (tag: string) =>
  new RegExp(`^<${tag}><loc>https://[^<&]+</loc><lastmod>${isoTime}</lastmod>${tag === 'url' ? `(${alternate})*` : ''}</${tag}>$`);

/**
 * The lines of a sitemap (`urlset`) or index (`sitemapindex`) whose entries are each `entry` with a URL and a time,
 * or undefined when it has that shape. Line by line: one pattern over 50,000 entries overflows the regexp stack.
 */
function shapeProblem(xml: string, root: 'urlset' | 'sitemapindex', entry: 'url' | 'sitemap'): string | undefined {
  const lines = xml.split('\n');
  if (lines[0] !== head || lines[1] !== `<${root} ${rootAttributes[root]}>`) return `header: ${lines.slice(0, 2).join(' ')}`;
  if (lines.at(-2) !== `</${root}>` || lines.at(-1) !== '') return `end: ${lines.slice(-2).join(' ')}`;
  const pattern = entryOf(entry);
  const entries = lines.slice(2, -2);
  if (root === 'sitemapindex' && !entries.length) return 'no entries';
  return entries.find((line) => !pattern.test(line));
}
const urlsetShape = (xml: string) => shapeProblem(xml, 'urlset', 'url');
const indexShape = (xml: string) => shapeProblem(xml, 'sitemapindex', 'sitemap');
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');

describe('/sitemap.xml of the built site', () => {
  let server: Server;
  let open: string;
  let closed: string;
  beforeAll(async () => {
    server = await startTestServer({ config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });
    const admin = (await loginAs(server.app, server.db, 'ADMIN')).cookies;
    open = await publishedJob(server.app, admin);
    closed = await publishedJob(server.app, admin);
    const response = await server.app.inject({
      method: 'PATCH',
      url: `/api/jobs/${closed}`,
      cookies: admin,
      payload: { status: 'closed' },
    });
    expect(response.statusCode).toBe(200);
  });
  afterAll(() => server?.close());

  it('lists every public page of the build and every open job, with lastmod, and no closed job', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    expect(urlsetShape(response.body)).toBeUndefined();
    const locs = locsOf(response.body);
    const pages = JSON.parse(readFileSync(join(distDir, 'pages', SITEMAP_PAGES_FILE), 'utf8')) as SitemapPage[];
    expect(pages.length).toBeGreaterThan(20);
    for (const route of ['/', '/franchise/surat', '/it-recruitment', '/privacy-policy']) {
      expect(locs, route).toContain(`${site.url}${route === '/' ? '' : route}`);
    }
    expect(locs).not.toContain(`${site.url}/not-found`);
    expect(locs).toContain(`${site.url}/job-openings/${open}`);
    expect(locs).not.toContain(`${site.url}/job-openings/${closed}`);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('lists a page in each of its languages, each naming all of them and English as the default', async () => {
    const { body } = await server.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const links = (path: string) =>
      new RegExp(`<url><loc>${site.url}${path}</loc><lastmod>[^<]+</lastmod>((?:<xhtml:link [^>]+/>)+)</url>`).exec(body)?.[1];
    const surat = [
      `<xhtml:link rel="alternate" hreflang="en-IN" href="${site.url}/franchise/surat"/>`,
      `<xhtml:link rel="alternate" hreflang="hi-IN" href="${site.url}/hi/franchise/surat"/>`,
      `<xhtml:link rel="alternate" hreflang="gu-IN" href="${site.url}/gu/franchise/surat"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${site.url}/franchise/surat"/>`,
    ].join('');
    for (const path of ['/franchise/surat', '/hi/franchise/surat', '/gu/franchise/surat']) expect(links(path), path).toBe(surat);
    expect(links('/hi/')).toContain(`hreflang="hi-IN" href="${site.url}/hi/"`);
    expect(links('/about')).toBeUndefined();
  });

  it('names the sitemap in robots.txt', async () => {
    const robots = await server.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain(`Sitemap: ${site.url}/sitemap.xml`);
  });
});

describe('a sitemap larger than one file holds', () => {
  let server: Server;
  let app: FastifyInstance;
  const dist = mkdtempSync(join(tmpdir(), 'hireframe-sitemap-'));

  /** A bare server with the sitemap routes only, over the test database and a build's list of `pages` pages. */
  async function sitemapServer(pages: number, maxUrls?: number) {
    mkdirSync(join(dist, 'pages'), { recursive: true });
    const list: SitemapPage[] = Array.from({ length: pages }, (_, i) => ({ route: `/page-${i}`, lastmod: '2026-01-02T03:04:05.000Z' }));
    writeFileSync(join(dist, 'pages', SITEMAP_PAGES_FILE), JSON.stringify(list));
    const bare = Fastify();
    bare.decorate('db', server.db);
    await bare.register(fastifySensible);
    await sitemapRoutes(bare, { distDir: dist, baseUrl: 'https://jobs.example', maxUrls });
    return bare;
  }

  beforeAll(async () => {
    server = await startTestServer({ site: false });
    // 50,000 open jobs, and some closed and expired ones that must not show: one bulk insert, which on a busy
    // machine can take longer than the deadline of a visitor's request.
    await server.db.withDeadline(60_000).query(`
      insert into jobs (title, description, company_name, location, employment_type, status, published_at, valid_through, updated_at)
      select 'Job ' || g.i, 'Work', 'Company', 'Pune', 'FULL_TIME',
             case when g.i > 50010 then 'closed' else 'published' end,
             now() - (g.i || ' minutes')::interval,
             case when g.i between 50001 and 50010 then current_date - 1 else current_date + 30 end,
             case when g.i % 2 = 0 then now() else null end
      from generate_series(1, 50030) as g(i)`);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('with 1,000 pages and 50,000 open jobs, is an index of two files of at most 50,000 URLs that list each once', async () => {
    app = await sitemapServer(1000);
    const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(indexShape(index.body)).toBeUndefined();
    expect(locsOf(index.body)).toEqual(['https://jobs.example/sitemap-1.xml', 'https://jobs.example/sitemap-2.xml']);
    const seen = new Set<string>();
    for (const [part, count] of [
      [1, 50_000],
      [2, 1_000],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: `/sitemap-${part}.xml` });
      expect(response.statusCode).toBe(200);
      expect(urlsetShape(response.body)).toBeUndefined();
      const locs = locsOf(response.body);
      expect(locs).toHaveLength(count);
      for (const loc of locs) seen.add(loc);
    }
    expect(seen.size).toBe(51_000);
    expect(seen.has('https://jobs.example/page-999')).toBe(true);
    const jobs = await server.db.query<{ id: string }>(`select id from jobs where status = 'closed' or valid_through < current_date`);
    expect(jobs).toHaveLength(30);
    for (const { id } of jobs) expect(seen.has(`https://jobs.example/job-openings/${id}`)).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/sitemap-3.xml' })).statusCode).toBe(404);
  }, 120_000);

  it('is one file when everything fits', async () => {
    await app?.close();
    app = await sitemapServer(3, 60_000);
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(urlsetShape(response.body)).toBeUndefined();
    expect(locsOf(response.body)).toHaveLength(50_003);
  }, 120_000);
});
