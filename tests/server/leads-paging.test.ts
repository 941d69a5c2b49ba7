import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { seedLeads } from '../support/seed-leads';
import { errorBody } from '../../src/server/http/error-reply';
import { SEARCH_TOO_SHORT } from '../../src/shared/lead-search';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type User = Awaited<ReturnType<typeof loginAs>>;
interface Page {
  items: { id: string; createdAt: string }[];
  nextCursor: string | null;
  prevCursor: string | null;
  total: number;
  totalExact: boolean;
  pageSize: number;
}

// More than the 1,000 newest leads a search reads first, so both ways of searching are taken.
const SEEDED = 1500;

describe.each(databaseKinds)('leads paged by cursor on %s', (kind) => {
  let server: Server;
  let admin: User, bde: User, fbde: User;

  const get = (user: User, url: string) => server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${user.token}` } });
  const page = async (user: User, query: string): Promise<Page> => {
    const response = await get(user, `/api/leads?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** Ids in the list's order (newest first, id breaking ties), straight from the table. */
  const idsWhere = async (condition = 'true', values: unknown[] = []) =>
    (await server.db.query<{ id: string }>(`select id from submissions where ${condition} order by created_at desc, id desc`, values)).map(
      (r) => r.id,
    );
  /** Every page forward from the first, following nextCursor; `between` runs before each next page. */
  async function pageForward(user: User, query: string, between: () => Promise<void> = async () => {}) {
    const pages: Page[] = [await page(user, query)];
    for (let last = pages[0]; last?.nextCursor; last = pages[pages.length - 1]) {
      await between();
      pages.push(await page(user, `${query}&after=${last.nextCursor}`));
    }
    return pages;
  }
  const insertNewLead = async () => {
    await server.db.query(
      `insert into submissions (form_id, collection, page, city, data) values ('consultation', 'ConsultationRequests', '/', null, $1)`,
      [JSON.stringify({ name: 'Arrived While Paging', email: 'new@example.com', contact: '9000000000', lookingFor: 'Job' })],
    );
  };

  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0 } });
    admin = await loginAs(server.app, server.db, 'ADMIN');
    bde = await loginAs(server.app, server.db, 'BDE');
    fbde = await loginAs(server.app, server.db, 'FBDE', { city: 'Surat' });
    await seedLeads(server.db, SEEDED, [bde.id, fbde.id]);
  });
  afterAll(() => server.close());

  it('pages through every lead once, newest first, while new leads arrive, and back again with before', async () => {
    const existing = await idsWhere();
    const forward = await pageForward(admin, 'pageSize=50', insertNewLead);
    expect(forward).toHaveLength(SEEDED / 50);
    expect(forward.flatMap((p) => p.items.map((i) => i.id))).toEqual(existing);
    expect(forward.map((p) => p.pageSize)).toEqual(forward.map(() => 50));
    expect(forward[0]?.prevCursor).toBeNull();
    expect(forward[forward.length - 1]?.nextCursor).toBeNull();

    // Back from the last page: the same pages in reverse, then the leads that arrived meanwhile, above the first.
    const arrived = forward.length - 1;
    const backward: Page[] = [];
    let cursor = forward[forward.length - 1]?.prevCursor;
    for (let i = 0; i < forward.length - 1 && cursor; i++) {
      const previous = await page(admin, `pageSize=50&before=${cursor}`);
      backward.push(previous);
      cursor = previous.prevCursor;
    }
    expect(backward.map((p) => p.items.map((i) => i.id))).toEqual(
      forward
        .slice(0, -1)
        .reverse()
        .map((p) => p.items.map((i) => i.id)),
    );
    expect(cursor, 'the new leads are above the first page').not.toBeNull();
    const top = await page(admin, `pageSize=50&before=${cursor}`);
    expect(top.items).toHaveLength(arrived);
    expect(top.prevCursor).toBeNull();
    expect(await idsWhere(`data->>'name' = 'Arrived While Paging'`)).toEqual(top.items.map((i) => i.id));
  });

  it('counts exactly from the kept counts, and up to 10,000 with dates', async () => {
    const all = await page(admin, 'pageSize=1');
    expect(all).toMatchObject({ totalExact: true, total: (await idsWhere()).length });
    const converted = await page(admin, 'status=converted&pageSize=1');
    expect(converted).toMatchObject({ totalExact: true, total: (await idsWhere(`status = 'converted'`)).length });
    const recent = await page(admin, `from=2000-01-01&pageSize=1`);
    expect(recent).toMatchObject({ totalExact: true, total: all.total });
  });

  it('pages a filter and each role’s scope in the same order as the table', async () => {
    const cases: [User, string, string, unknown[]][] = [
      [admin, 'status=contacted&city=surat', `status = 'contacted' and lower(city) = 'surat'`, []],
      [admin, 'form=city-lead', `form_id = 'city-lead'`, []],
      [admin, 'assigned=none&collection=Registrations', `assigned_to is null and collection = 'Registrations'`, []],
      [bde, 'excludeCollection=JobRequests', `assigned_to = $1 and collection <> 'JobRequests'`, [bde.id]],
      [fbde, '', `(assigned_to = $1 or lower(city) = 'surat')`, [fbde.id]],
      [fbde, 'assigned=me', `assigned_to = $1`, [fbde.id]],
    ];
    for (const [user, query, condition, values] of cases) {
      const pages = await pageForward(user, `pageSize=40&${query}`);
      const expected = await idsWhere(condition, values);
      expect(
        pages.flatMap((p) => p.items.map((i) => i.id)),
        query,
      ).toEqual(expected);
      expect(pages[0], query).toMatchObject({ total: expected.length, totalExact: true });
    }
  });

  it('searches every field a visitor typed, common words and rare ones alike, paging as the list does', async () => {
    // A common text is walked for, a rare one looked up in the trigram index; the answer is the same.
    for (const q of ['gmail', 'Sharma', 'walk-in', 'Asha Rao', '98765', 'zzqx', '100%']) {
      const pages = await pageForward(admin, `pageSize=10&q=${encodeURIComponent(q)}`);
      const expected = await idsWhere(`jsonb_path_query_array(data, '$.*')::text ilike $1`, [`%${q.replace('%', '\\%')}%`]);
      expect(
        pages.flatMap((p) => p.items.map((i) => i.id)),
        q,
      ).toEqual(expected);
      // Every page says the same: exact up to 100, then "more than 100".
      const count = expected.length > 100 ? { total: 100, totalExact: false } : { total: expected.length, totalExact: true };
      for (const p of pages) expect(p, q).toMatchObject(count);
    }
    const bdeGmail = await pageForward(bde, 'pageSize=50&q=gmail');
    expect(bdeGmail.flatMap((p) => p.items.map((i) => i.id))).toEqual(
      await idsWhere(`assigned_to = $1 and data::text ilike '%gmail%'`, [bde.id]),
    );
  });

  it('refuses a search the index cannot serve, with what it needs', async () => {
    for (const q of ['as', ' a ', 'a_h', '9 8']) {
      const response = await get(admin, `/api/leads?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, q).toBe(400);
      expect(response.json()).toEqual(errorBody(SEARCH_TOO_SHORT, [{ field: 'q', message: SEARCH_TOO_SHORT }]));
    }
    expect((await get(admin, '/api/leads?q=%20%20')).statusCode).toBe(200);
  });

  it('answers a cursor that is not one of its own with 400 in the one error shape', async () => {
    const notOurs = Buffer.from(JSON.stringify(['yesterday'])).toString('base64url');
    const garbage = Buffer.from('not json at all').toString('base64url');
    for (const query of [`after=${notOurs}`, `before=${garbage}`, 'after=%25%25%25', `after=${'a'.repeat(1001)}`]) {
      const response = await get(admin, `/api/leads?${query}`);
      expect(response.statusCode, query).toBe(400);
      const body = response.json();
      expect(body, query).toEqual({ error: expect.any(String), errors: [{ field: expect.any(String), message: body.error }] });
    }
    expect((await get(admin, `/api/leads?after=${notOurs}`)).json()).toEqual(
      errorBody('This page link is no longer valid: go back to the first page of the list.'),
    );
  });

  it('keeps the counts behind the filter menus and totals right as leads change', async () => {
    const [one, two] = await idsWhere(`assigned_to is null`);
    await server.db.query(`update submissions set status = 'closed', assigned_to = $1 where id = $2`, [bde.id, one]);
    await server.db.query(`update submissions set city = 'Pune', status = status where id = $1`, [two]);
    await server.db.query(`update submissions set data = data || '{"extra": 1}' where id = $1`, [two]);
    await server.db.query(`delete from submissions where id in (select id from submissions where status = 'new' order by id limit 3)`);
    const kept = await server.db.query(
      `select form_id, collection, city, assigned_to, status, sum(n)::int as n from lead_counts group by 1, 2, 3, 4, 5 having sum(n) > 0 order by 1, 2, 3, 4, 5`,
    );
    const counted = await server.db.query(
      `select form_id, collection, city, assigned_to, status, count(*)::int as n from submissions group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
    );
    expect(kept).toEqual(counted);
    const facets = (await get(fbde, '/api/leads/facets')).json();
    const cities = await server.db.query<{ city: string }>(
      `select distinct city from submissions where city is not null and (assigned_to = $1 or lower(city) = 'surat') order by 1`,
      [fbde.id],
    );
    expect(facets.cities).toEqual(cities.map((r) => r.city));
  });
});
