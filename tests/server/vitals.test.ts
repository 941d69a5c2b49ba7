import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { forgetOldVitals } from '../../src/server/vitals/store';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Metric = { name: string; value: number };
type Percentile = { p75: number | null; samples: number; good: boolean | null };
type PageVitals = { page: string; LCP: Percentile; INP: Percentile; CLS: Percentile };

/** A visitor's address, as the load balancer names it: the n-th of a block of test addresses. */
const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

describe.each(databaseKinds)('real-user web vitals on %s', (kind) => {
  let server: Server;
  let adminToken: string;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false });
    adminToken = (await loginAs(server.app, server.db, 'ADMIN')).token;
  });
  afterAll(() => server.close());

  let senders = 0;
  /** A report from an address of its own unless `from` names one. */
  const report = (payload: Record<string, unknown>, from = address(++senders)) =>
    server.app.inject({ method: 'POST', url: '/api/vitals', payload, headers: { 'x-forwarded-for': from } });
  const summary = () => server.app.inject({ method: 'GET', url: '/api/vitals', cookies: { jwt_token: adminToken } });
  const pages = async (): Promise<PageVitals[]> => (await summary()).json().pages;
  const vitalsOf = async (page: string) => (await pages()).find((p) => p.page === page);
  const all = (value: number): Metric[] => ['LCP', 'INP', 'CLS'].map((name) => ({ name, value }));

  it('keeps reports and gives the dashboard each page’s 75th percentile against the good limits', async () => {
    for (const lcp of [1000, 1200, 1400, 4000]) {
      const response = await report({
        page: '/franchise/surat',
        metrics: [
          { name: 'LCP', value: lcp },
          { name: 'CLS', value: 0.01 },
        ],
      });
      expect(response.statusCode).toBe(204);
    }
    expect((await report({ page: '/', metrics: [{ name: 'INP', value: 350 }] })).statusCode).toBe(204);

    const response = await summary();
    expect(response.statusCode).toBe(200);
    const { days, pages } = response.json();
    expect(days).toBe(28);
    const surat = pages.find((p: { page: string }) => p.page === '/franchise/surat');
    // Interpolated between the 3rd and 4th of four values: 1400 + 0.25 × 2600.
    expect(surat.LCP).toEqual({ p75: 2050, samples: 4, good: true });
    expect(surat.CLS).toEqual({ p75: 0.01, samples: 4, good: true });
    expect(surat.INP).toEqual({ p75: null, samples: 0, good: null });
    // A page with a vital past its limit comes first.
    expect(pages[0].page).toBe('/');
    expect(pages[0].INP.good).toBe(false);
  });

  it('refuses what is not a report: a query string, an unknown metric, a huge value, no metrics', async () => {
    for (const payload of [
      { page: '/jobs?email=a@b.in', metrics: [{ name: 'LCP', value: 1 }] },
      { page: '/', metrics: [{ name: 'FID', value: 1 }] },
      { page: '/', metrics: [{ name: 'LCP', value: 1e9 }] },
      { page: '/', metrics: [] },
    ]) {
      const response = await report(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
  });

  it('counts one address once per page an hour: twelve reports of 600,000 leave /about as its visitors measured it', async () => {
    for (const [i, value] of [1000, 1200, 1400, 1600].entries()) {
      const metrics = [
        { name: 'LCP', value },
        { name: 'INP', value: 100 + i * 20 },
        { name: 'CLS', value: 0.01 * (i + 1) },
      ];
      expect((await report({ page: '/about', metrics })).statusCode).toBe(204);
    }
    const measured = await vitalsOf('/about');
    expect(measured?.LCP).toEqual({ p75: 1450, samples: 4, good: true });

    // Within the address's limit of reports a minute, and each answered as any report is.
    const attacker = '203.0.113.7';
    for (let i = 0; i < 12; i++) expect((await report({ page: '/about', metrics: all(600_000) }, attacker)).statusCode).toBe(204);
    expect(await vitalsOf('/about')).toEqual(measured);
    expect((await pages())[0]?.page).not.toBe('/about');

    // Values a page could measure, as bad as plausible: the address weighs one sample of each, however often it sends.
    for (let i = 0; i < 12; i++) {
      const metrics = [
        { name: 'LCP', value: 59_000 },
        { name: 'INP', value: 59_000 },
        { name: 'CLS', value: 9 },
      ];
      expect((await report({ page: '/about', metrics }, attacker)).statusCode).toBe(204);
    }
    const after = await vitalsOf('/about');
    for (const name of ['LCP', 'INP', 'CLS'] as const) expect(after?.[name].samples).toBe(5);

    // What is kept of the sender is a hash of its address under the hour's key: never the address itself.
    const senders = await server.db.query<{ sender: string }>(`select distinct sender from web_vitals where page = '/about'`);
    expect(senders).toHaveLength(5);
    for (const { sender } of senders) expect(sender).not.toContain('203.0.113');
    const keys = () => server.db.query(`select name from settings where name like 'web\\_vitals\\_sender\\_key:%'`);
    expect(await keys()).toHaveLength(1);
    // The hour's key is forgotten once it is past, so no one can tell afterwards whose address a hash was.
    await forgetOldVitals(server.db, 35, new Date(Date.now() + 3_600_000));
    expect(await keys()).toHaveLength(0);
  });

  it('keeps one value of each vital of a report, the first', async () => {
    const metrics = [
      { name: 'LCP', value: 900 },
      { name: 'LCP', value: 50_000 },
      { name: 'LCP', value: 50_000 },
    ];
    expect((await report({ page: '/clientele', metrics })).statusCode).toBe(204);
    expect((await vitalsOf('/clientele'))?.LCP).toEqual({ p75: 900, samples: 1, good: true });
  });

  it('drops values no page load measures and keeps the rest of the report', async () => {
    const metrics = [
      { name: 'LCP', value: 60_001 },
      { name: 'INP', value: 61_000 },
      { name: 'CLS', value: 0.05 },
    ];
    expect((await report({ page: '/events', metrics })).statusCode).toBe(204);
    expect((await report({ page: '/events', metrics: [{ name: 'CLS', value: 10.5 }] })).statusCode).toBe(204);
    expect((await report({ page: '/events', metrics: [{ name: 'LCP', value: 60_000 }] })).statusCode).toBe(204);
    const events = await vitalsOf('/events');
    expect(events?.LCP).toEqual({ p75: 60_000, samples: 1, good: false });
    expect(events?.INP).toEqual({ p75: null, samples: 0, good: null });
    expect(events?.CLS).toEqual({ p75: 0.05, samples: 1, good: true });
  });

  it('counts a job’s or a post’s page under its kind, and addresses that are no page as one row, last', async () => {
    const before = (await pages()).map((p) => p.page);
    for (const page of ['/job-openings/4b1c6a52-3d1f-4d8e-9a7e-2f5b8c9d0e1f', '/job-openings/made-up', '/job-openings/']) {
      expect((await report({ page, metrics: [{ name: 'LCP', value: 1800 }] })).statusCode).toBe(204);
    }
    expect((await report({ page: '/blogs/hiring-in-pune', metrics: [{ name: 'LCP', value: 1700 }] })).statusCode).toBe(204);
    // Made-up pages, one an address, each within its address's limit: 1,200 of them.
    for (let i = 0; i < 1200; i++) {
      const page = `/fake-${i}-call-9999999999-for-a-refund`;
      expect((await report({ page, metrics: [{ name: 'LCP', value: 30_000 }] })).statusCode).toBe(204);
    }
    // The portal's screens are no visitor's page.
    expect((await report({ page: '/admin', metrics: [{ name: 'LCP', value: 30_000 }] })).statusCode).toBe(204);

    const after = await pages();
    expect(after.map((p) => p.page).sort()).toEqual([...before, '/job-openings/:id', '/job-openings', '/blogs/:blogTitle', 'other'].sort());
    expect(after.find((p) => p.page === '/job-openings/:id')?.LCP.samples).toBe(2);
    expect(after.at(-1)).toMatchObject({ page: 'other', LCP: { p75: 30_000, samples: 1201, good: false } });
    const stored = await server.db.query<{ pages: number }>(`select count(distinct page)::int as pages from web_vitals`);
    expect(stored[0]?.pages).toBe(after.length);
  });

  it('shows the summary to admins only', async () => {
    const bde = await loginAs(server.app, server.db, 'BDE');
    expect((await server.app.inject({ method: 'GET', url: '/api/vitals' })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/api/vitals', cookies: { jwt_token: bde.token } })).statusCode).toBe(403);
  });
});
