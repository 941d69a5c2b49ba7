import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { Compile } from 'typebox/compile';
import { ErrorBody } from '../../src/shared/api/error-body';
import { errorBody } from '../../src/server/http/error-reply';
import { SEARCH_TOO_SHORT } from '../../src/shared/lead-search';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const errorShape = Compile(ErrorBody);
type Page = { nextCursor: string | null; prevCursor: string | null; total: number; totalExact: boolean; pageSize: number };

/**
 * Keyset paging of the portal's lists: walking a list page by page by its cursors meets every row once, in the list's
 * order, even while rows are added between pages; `before` goes back; a cursor that is not one is a 400.
 */
describe.each(databaseKinds)('list paging on %s', (kind) => {
  let server: Server;
  let admin: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0 } });
    admin = (await loginAs(server.app, server.db, 'ADMIN')).cookies;
  });
  afterAll(() => server.close());

  const get = (url: string) => server.app.inject({ method: 'GET', url, cookies: admin });
  const ids = async (sql: string) => (await server.db.query<{ id: string }>(sql)).map((r) => r.id);

  /**
   * Pages through `url` forwards; before each next page `addRows` inserts more. Answers each page's ids and answer.
   * `items` names the array of rows in the answer.
   */
  async function walk(url: string, items: string, addRows: (page: number) => Promise<void>) {
    const pages: { ids: string[]; body: Page }[] = [];
    let cursor: string | null = null;
    do {
      const response = await get(cursor ? `${url}${url.includes('?') ? '&' : '?'}after=${cursor}` : url);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      pages.push({ ids: body[items].map((row: { id: string }) => row.id), body });
      cursor = body.nextCursor;
      await addRows(pages.length);
    } while (cursor);
    return pages;
  }

  /** The walk met each row of `before` exactly once and in its order, and no row twice. */
  function expectEveryRowOnce(pages: { ids: string[] }[], before: string[]) {
    const seen = pages.flatMap((p) => p.ids);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => before.includes(id))).toEqual(before);
  }

  /**
   * From the third page, `before` goes back to the second and the first; before the first are the rows added in front
   * of the list while it was walked (`newer`, in the list's order), and then the list's top.
   */
  async function expectBackwards(url: string, items: string, pages: { ids: string[]; body: Page }[], newer: string[]) {
    const back = async (cursor: string | null | undefined) => {
      if (!cursor) throw new Error('expected a cursor back');
      return (await get(`${url}${url.includes('?') ? '&' : '?'}before=${cursor}`)).json();
    };
    const idsOf = (body: Record<string, { id: string }[]>) => body[items]?.map((row) => row.id);
    const second = await back(pages[2]?.body.prevCursor);
    expect(idsOf(second)).toEqual(pages[1]?.ids);
    expect(second.nextCursor).toEqual(expect.any(String));
    const first = await back(second.prevCursor);
    expect(idsOf(first)).toEqual(pages[0]?.ids);
    const inFront: string[] = [];
    for (let page = first; page.prevCursor;) {
      page = await back(page.prevCursor);
      inFront.unshift(...(idsOf(page) ?? []));
    }
    expect(inFront).toEqual(newer);
  }

  async function expectBadCursorsRefused(url: string) {
    const wrongShape = Buffer.from(JSON.stringify(['only one key'])).toString('base64url');
    for (const cursor of ['bm90LWpzb24', wrongShape, 'has%20spaces'])
      for (const side of ['after', 'before']) {
        const response = await get(`${url}${url.includes('?') ? '&' : '?'}${side}=${cursor}`);
        expect(response.statusCode, `${side}=${cursor}`).toBe(400);
        expect(errorShape.Check(response.json())).toBe(true);
      }
    const response = await get(`${url}${url.includes('?') ? '&' : '?'}after=bm90LWpzb24`);
    expect(response.json().error).toBe('This page link is no longer valid: go back to the first page of the list.');
  }

  it('pages the public job openings newest first, ten at a time, while jobs are published', async () => {
    // 35 jobs, some published in the same instant: the id orders them.
    await server.db.query(
      `insert into jobs (title, description, company_name, location, employment_type, status, published_at)
       select 'Paging job ' || g, 'Stock and dispatch', 'Paging Co', 'Nashik', 'FULL_TIME', 'published',
              timestamptz '2026-01-01' + ((g / 3) || ' minutes')::interval
         from generate_series(1, 35) g`,
    );
    const url = '/api/jobs/public?location=nashik';
    const before = await ids(
      `select id from jobs where location = 'Nashik' and status = 'published' order by coalesce(published_at, created_at) desc, id desc`,
    );
    let added = 0;
    const pages = await walk(url, 'items', async () => {
      await server.db.query(
        `insert into jobs (title, description, company_name, location, employment_type, status, published_at)
         values ($1, 'Stock and dispatch', 'Paging Co', 'Nashik', 'FULL_TIME', 'published', now())`,
        [`New job ${++added}`],
      );
    });
    expect(pages.map((p) => p.ids.length)).toEqual([10, 10, 10, 5]);
    expect(pages[0]?.body).toMatchObject({ total: 35, totalExact: true, pageSize: 10, prevCursor: null });
    expectEveryRowOnce(pages, before);
    const newer = await ids(`select id from jobs where title like 'New job %' order by published_at desc, id desc`);
    expect(newer).toHaveLength(4);
    await expectBackwards(url, 'items', pages, newer);
    await expectBadCursorsRefused(url);
  });

  it('pages the candidates newest first while more register', async () => {
    await server.db.query(
      `insert into submissions (form_id, collection, page, city, data, created_at)
       select 'city-registration', 'Registrations', '/franchise/surat', 'Surat',
              jsonb_build_object('name', 'Candidate ' || g, 'email', 'c' || g || '@example.com', 'phone', '98765432' || lpad(g::text, 2, '0')),
              timestamptz '2026-02-01' + ((g / 4) || ' seconds')::interval
         from generate_series(1, 23) g`,
    );
    const url = '/api/admin/candidates?pageSize=5';
    const before = await ids(`select id from submissions where collection = 'Registrations' order by created_at desc, id desc`);
    const pages = await walk(url, 'candidates', async () => {
      await server.db.query(
        `insert into submissions (form_id, collection, page, city, data) values ('city-registration', 'Registrations', '/franchise/surat', 'Surat', '{"name": "Late"}')`,
      );
    });
    expectEveryRowOnce(pages, before);
    expect(pages[0]?.body).toMatchObject({ total: 23, totalExact: true, pageSize: 5 });
    await expectBackwards(
      url,
      'candidates',
      pages,
      await ids(`select id from submissions where data->>'name' = 'Late' order by created_at desc, id desc`),
    );
    await expectBadCursorsRefused(url);

    // A search pages the same way, among the rows it matches.
    const searched = await walk('/api/admin/candidates?pageSize=5&search=candidate%201', 'candidates', async () => {});
    expect(searched.flatMap((p) => p.ids)).toEqual(
      await ids(`select id from submissions where data->>'name' like 'Candidate 1%' order by created_at desc, id desc`),
    );
    // Two letters narrow nothing a trigram index can find: refused rather than read for in every row.
    const short = await get('/api/admin/candidates?search=%20ca%20');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual(errorBody(SEARCH_TOO_SHORT, [{ field: 'search', message: SEARCH_TOO_SHORT }]));
  });

  it('pages the users by status, role and username while accounts are added', async () => {
    for (let i = 0; i < 12; i++)
      await server.db.query(`insert into users (username, password_hash, role, active) values ($1, 'x', $2, $3)`, [
        `pager.${String(i).padStart(2, '0')}`,
        i % 3 ? 'RECRUITER' : 'BDE',
        i % 4 !== 0,
      ]);
    const url = '/api/admin/users?pageSize=4';
    const before = await ids(`select id from users order by (not active), role, username, id`);
    let added = 0;
    const pages = await walk(url, 'users', async () => {
      // Names that sort among those already listed, before and after the cursor.
      await server.db.query(`insert into users (username, password_hash, role) values ($1, 'x', 'RECRUITER')`, [`pager.${added++}a`]);
    });
    expectEveryRowOnce(pages, before);
    // Every added name sorts after the inactive accounts and the BDEs, none before the first page.
    await expectBackwards(url, 'users', pages, []);
    await expectBadCursorsRefused(url);
  });
});
