import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import { todayInKolkata } from '../jobs/rules';
import { siteRouteSchema } from './site-route-schema';
import { publishedDates } from '../page-editor/store';
import { DEFAULT_LOCALE, LOCALES, localizedPath } from '../../shared/locales';
import { htmlLang } from './page-languages';

/** The build's list of public pages for the sitemap (dist/pages/<this>), written by the prerender. */
export const SITEMAP_PAGES_FILE = 'sitemap-pages.json';

export interface SitemapPage {
  route: string;
  /** ISO time of the page file's last change. */
  lastmod: string;
  /** The page in each of its languages, itself included, for a page in more than English: the first is x-default. */
  alternates?: { hreflang: string; route: string }[];
}

/** The most URLs one sitemap file may list (sitemaps.org); beyond it /sitemap.xml becomes an index of parts. */
const SITEMAP_MAX_URLS = 50_000;

/** Open jobs are read this many at a time, so no query holds the database for long. */
const JOB_BATCH = 1_000;

const posted = 'coalesce(j.published_at, j.created_at)';
const openJob = `j.status = 'published' and (j.valid_through is null or j.valid_through >= $1::date)`;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** A URL of the sitemap; a page in several languages lists each of them, and the English one as x-default. */
function urlEntry(loc: string, lastmod: string, alternates: { hreflang: string; href: string }[] = []) {
  const links = [...alternates, ...alternates.slice(0, 1).map(({ href }) => ({ hreflang: 'x-default', href }))].map(
    ({ hreflang, href }) => `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`,
  );
  return `<url><loc>${escapeXml(loc)}</loc><lastmod>${escapeXml(lastmod)}</lastmod>${links.join('')}</url>\n`;
}

/** How many jobs are open, counted up to `cap` (counting stops there: the answer is only ever compared with it). */
async function countOpenJobs(db: Queryable, today: string, cap: number): Promise<number> {
  const [row] = await db.query<{ n: number | string }>(
    `select count(*) as n from (select 1 from jobs j where ${openJob} limit $2) open_jobs`,
    [today, cap],
  );
  return Number(row?.n ?? 0);
}

/** Open jobs newest first, `skip` of them left out and at most `take` given, read in batches along their index. */
async function* openJobs(
  db: Queryable,
  today: string,
  skip: number,
  take: number,
): AsyncGenerator<{ id: string; lastmod: string; locales: string[] }> {
  let after: { posted: Date; id: string } | undefined;
  let left = take;
  while (left > 0) {
    const limit = Math.min(JOB_BATCH, left);
    const rows = await db.query<{ id: string; posted: Date | string; lastmod: Date | string; locales: string[] }>(
      `select j.id, ${posted} as posted, coalesce(j.updated_at, ${posted}) as lastmod,
              array(select jsonb_object_keys(j.translations) order by 1) as locales from jobs j
        where ${openJob} ${after ? `and (${posted}, j.id) < ($4::timestamptz, $5::uuid)` : ''}
        order by ${posted} desc, j.id desc limit $2 offset $3`,
      after ? [today, limit, 0, after.posted, after.id] : [today, limit, skip],
    );
    for (const row of rows) yield { id: row.id, lastmod: new Date(row.lastmod).toISOString(), locales: row.locales };
    const last = rows.at(-1);
    if (rows.length < limit || !last) return;
    after = { posted: new Date(last.posted), id: last.id };
    left -= rows.length;
  }
}

interface SitemapOptions {
  distDir: string;
  /** The site's own address (site.json's url): a sitemap lists absolute URLs. */
  baseUrl: string;
  maxUrls?: number;
}

/**
 * /sitemap.xml: every public page of the build and every open job (/job-openings/<id>, lastmod its last change). Up to
 * `maxUrls` it is one sitemap; beyond, it is an index of /sitemap-<n>.xml, each holding `maxUrls` of the same list
 * (pages first, then jobs newest first). Answers are streamed as the jobs are read, so memory stays the same with
 * 50,000 jobs or more.
 */
export async function sitemapRoutes(app: FastifyInstance, { distDir, baseUrl, maxUrls = SITEMAP_MAX_URLS }: SitemapOptions) {
  const base = baseUrl.replace(/\/+$/, '');

  const readBuiltPages = async (): Promise<SitemapPage[]> => {
    try {
      return JSON.parse(await readFile(join(distDir, 'pages', SITEMAP_PAGES_FILE), 'utf8')) as SitemapPage[];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  };

  /**
   * The build's pages, with those published in the page editor since (new ones after them), dated by their publish.
   * A page published at a route no page may have (before such routes were refused) is left out: the server's own
   * route answers there, or it stands in another file's place.
   */
  const readPages = async (): Promise<SitemapPage[]> => {
    const built = await readBuiltPages();
    const published = new Map((await publishedDates(app.db)).map((p) => [p.route, new Date(p.published_at).toISOString()]));
    const pages = built.map((page) => ({ ...page, lastmod: published.get(page.route) ?? page.lastmod }));
    const known = new Set(built.map((page) => page.route));
    for (const [route, lastmod] of published) if (!known.has(route) && !app.pageRouteRefusal(route)) pages.push({ route, lastmod });
    return pages;
  };

  /** The URLs from `start`, at most `take` of them: the slice of pages, then the jobs that follow. */
  async function* urls(pages: SitemapPage[], today: string, start: number, take: number) {
    const ownPages = pages.slice(start, start + take);
    const url = (route: string) => `${base}${route === '/' ? '' : route}`;
    for (const page of ownPages)
      yield urlEntry(
        url(page.route),
        page.lastmod,
        page.alternates?.map((a) => ({ hreflang: a.hreflang, href: url(a.route) })),
      );
    const skipJobs = Math.max(0, start - pages.length);
    for await (const job of openJobs(app.db, today, skipJobs, take - ownPages.length)) {
      // A job written in Hindi too names its Hindi page beside it (/hi/job-openings/<id>), found by search engines there.
      const route = `/job-openings/${encodeURIComponent(job.id)}`;
      const locales = LOCALES.filter((locale) => job.locales.includes(locale));
      const alternates = locales.length
        ? [DEFAULT_LOCALE, ...locales].map((l) => ({ hreflang: htmlLang(l), href: url(localizedPath(route, l)) }))
        : [];
      yield urlEntry(url(route), job.lastmod, alternates);
    }
  }

  async function* urlset(lines: AsyncIterable<string>) {
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
    yield* lines;
    yield '</urlset>\n';
  }

  function* sitemapIndex(parts: number, lastmod: string) {
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
    for (let n = 1; n <= parts; n++)
      yield `<sitemap><loc>${escapeXml(`${base}/sitemap-${n}.xml`)}</loc><lastmod>${lastmod}</lastmod></sitemap>\n`;
    yield '</sitemapindex>\n';
  }

  const xml = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' };

  app.get('/sitemap.xml', { schema: siteRouteSchema }, async (_request, reply) => {
    const pages = await readPages();
    const today = todayInKolkata();
    const room = maxUrls - pages.length;
    const jobs = room < 0 ? Infinity : await countOpenJobs(app.db, today, room + 1);
    if (jobs <= room) return reply.headers(xml).send(Readable.from(urlset(urls(pages, today, 0, maxUrls))));
    const total = pages.length + (await countOpenJobs(app.db, today, Number.MAX_SAFE_INTEGER));
    return reply.headers(xml).send(Readable.from(sitemapIndex(Math.ceil(total / maxUrls), new Date().toISOString())));
  });

  app.get<{ Params: { part: string } }>('/sitemap-:part(^\\d{1,6}).xml', { schema: siteRouteSchema }, async (request, reply) => {
    const part = Number(request.params.part);
    const pages = await readPages();
    const today = todayInKolkata();
    const start = (part - 1) * maxUrls;
    const exists =
      part >= 1 && (start < pages.length || (await countOpenJobs(app.db, today, start - pages.length + 1)) > start - pages.length);
    if (!exists) return reply.notFound('No sitemap at this address.');
    return reply.headers(xml).send(Readable.from(urlset(urls(pages, today, start, maxUrls))));
  });
}
