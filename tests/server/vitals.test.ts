import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe.each(databaseKinds)('real-user web vitals on %s', (kind) => {
  let server: Server;
  let adminToken: string;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false });
    adminToken = (await loginAs(server.app, server.db, 'ADMIN')).token;
  });
  afterAll(() => server.close());

  const report = (payload: Record<string, unknown>) => server.app.inject({ method: 'POST', url: '/api/vitals', payload });
  const summary = () => server.app.inject({ method: 'GET', url: '/api/vitals', cookies: { jwt_token: adminToken } });

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

  it('shows the summary to admins only', async () => {
    const bde = await loginAs(server.app, server.db, 'BDE');
    expect((await server.app.inject({ method: 'GET', url: '/api/vitals' })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: '/api/vitals', cookies: { jwt_token: bde.token } })).statusCode).toBe(403);
  });
});
