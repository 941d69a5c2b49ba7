import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { createUser } from '../../src/server/users/store';
import { indiaDatePlus } from '../../src/shared/india-time';
import { foldLeadDailyCounts } from '../../src/server/dashboard/trends-store';
import type { DashboardTrends, LeadSeries, ResponseFigures } from '../../src/shared/api/dashboard';

// The dashboard's charts: leads per India day by city and by source over the last 90 days, and first replies by city
// and by assignee. Leads are stored with the times, cities and sources each case needs, straight in the database.
type Server = Awaited<ReturnType<typeof startTestServer>>;

/** India's day `daysAgo` days before today, at a time of day in India: 2026-11-20T23:30:00+05:30. */
const indiaTime = (daysAgo: number, time: string) => `${indiaDatePlus(-daysAgo)}T${time}:00+05:30`;

describe.each(databaseKinds)('the dashboard charts on %s', (kind) => {
  let server: Server;
  let adminToken: string;
  let bdeToken: string;
  let asha: string;
  let ravi: string;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0 } });
    adminToken = (await loginAs(server.app, server.db, 'ADMIN')).token;
    bdeToken = (await loginAs(server.app, server.db, 'BDE')).token;
    asha = (await createUser(server.db, { username: 'asha.bde', password: 'correct horse battery', role: 'BDE', fullName: 'Asha Patel' }))
      .id;
    ravi = (await createUser(server.db, { username: 'ravi.bde', password: 'correct horse battery', role: 'BDE' })).id;
  });
  afterAll(() => server.close());

  const trends = async (token = adminToken) => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/trends',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as DashboardTrends;
  };

  interface Lead {
    at: string;
    city?: string | null;
    source?: string | null;
    respondBy?: string | null;
    answeredAt?: string | null;
    assignedTo?: string | null;
  }
  const store = async (leads: Lead[]) => {
    const rows = await server.db.query<{ id: string }>(
      `insert into submissions (form_id, collection, page, city, source, data, status, created_at, respond_by, answered_at, assigned_to)
       select 'consultation', 'ConsultationRequests', '/', l.city, l.source, '{"name":"Test"}', case when l.answered_at is null then 'new' else 'contacted' end,
              l.created_at, l.respond_by, l.answered_at, l.assigned_to
         from jsonb_to_recordset($1::jsonb) as l (created_at timestamptz, city text, source text, respond_by timestamptz,
                                                  answered_at timestamptz, assigned_to uuid)
       returning id`,
      [
        JSON.stringify(
          leads.map((l) => ({
            created_at: l.at,
            city: l.city ?? null,
            source: l.source ?? null,
            respond_by: l.respondBy ?? null,
            answered_at: l.answeredAt ?? null,
            assigned_to: l.assignedTo ?? null,
          })),
        ),
      ],
    );
    return rows.map((r) => r.id);
  };
  const named = (series: LeadSeries[], name: string | null) => series.find((s) => !s.other && s.name === name);
  /** Day `daysAgo` days before today's place in perDay: today is the last of the 90. */
  const place = (daysAgo: number) => 89 - daysAgo;

  it('answers nothing to chart before there are leads, and only to admins', async () => {
    const empty = await trends();
    expect(empty).toMatchObject({ days: 90, firstDay: indiaDatePlus(-89), byCity: [], bySource: [] });
    expect(empty.firstResponse).toEqual({ all: expect.objectContaining({ promised: 0, p50Minutes: null }), byCity: [], byAssignee: [] });
    const refused = await server.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/trends',
      headers: { authorization: `Bearer ${bdeToken}` },
    });
    expect(refused.statusCode).toBe(403);
  });

  let movedLead: string;
  it('counts leads per India day by city and by source, the biggest six and the rest as Other', async () => {
    const stored = await store([
      { at: indiaTime(1, '10:00'), city: 'Surat', source: 'google' },
      { at: indiaTime(1, '11:00'), city: 'Surat', source: 'google' },
      { at: indiaTime(4, '11:00'), city: 'Surat', source: 'google' },
      { at: indiaTime(1, '12:00'), city: 'Pune', source: null },
      // Half an hour either side of midnight in India: the same day in UTC, two days in India.
      { at: indiaTime(2, '23:30'), city: 'Surat', source: 'walk-in' },
      { at: indiaTime(1, '00:30'), city: 'Surat', source: 'walk-in' },
      // The first of the 90 days, and the day before it.
      { at: indiaTime(89, '09:00'), city: 'Pune', source: 'referral' },
      { at: indiaTime(90, '09:00'), city: 'Pune', source: 'referral' },
      ...['linkedin', 'naukri', 'indeed', 'instagram', 'job-fair'].map((source) => ({ at: indiaTime(3, '15:00'), city: null, source })),
    ]);
    movedLead = stored[0] ?? '';
    const { byCity, bySource } = await trends();

    expect(byCity.map((s) => [s.name, s.total])).toEqual([
      ['Surat', 5],
      [null, 5],
      ['Pune', 2],
    ]);
    const surat = named(byCity, 'Surat')!;
    expect(surat.perDay).toHaveLength(90);
    expect(surat.perDay[place(1)]).toBe(3);
    expect(surat.perDay[place(2)]).toBe(1);
    expect(surat.perDay[place(4)]).toBe(1);
    expect(named(byCity, 'Pune')!.perDay[0]).toBe(1);

    // Nine sources: google 3, walk-in 2, then seven of one lead each in the order of their names, not recorded last.
    expect(bySource.map((s) => (s.other ? `Other of ${s.members}: ${s.total}` : `${s.name}: ${s.total}`))).toEqual([
      'google: 3',
      'walk-in: 2',
      'indeed: 1',
      'instagram: 1',
      'job-fair: 1',
      'linkedin: 1',
      'Other of 3: 3',
    ]);
    const other = bySource.find((s) => s.other)!;
    expect(other.name).toBeNull();
    // naukri (3 days ago), referral (the first day) and the lead with no source (yesterday).
    expect([other.perDay[place(3)], other.perDay[0], other.perDay[place(1)]]).toEqual([1, 1, 1]);
    expect(other.perDay.reduce((a, n) => a + n, 0)).toBe(3);
  });

  it('moves a lead between cities and sources when they change, forgets an erased one, and keeps the figures when folded', async () => {
    await server.db.query(`update submissions set source = 'naukri', city = 'Pune' where id = $1`, [movedLead]);
    await server.db.query(`delete from submissions where source = 'instagram'`);
    const before = await trends();
    expect(named(before.bySource, 'google')!.total).toBe(2);
    expect(named(before.bySource, 'naukri')!.total).toBe(2);
    expect(named(before.bySource, 'naukri')!.perDay[place(1)]).toBe(1);
    expect(named(before.byCity, 'Pune')!.perDay[place(1)]).toBe(2);
    expect(before.bySource.some((s) => s.name === 'instagram')).toBe(false);

    await foldLeadDailyCounts(server.db);
    const spread = await server.db.query('select 1 from lead_daily_counts where slot <> 0');
    expect(spread).toEqual([]);
    expect(await trends()).toEqual(before);
  });

  it('gives first-reply percentiles and the promise kept, by city and by assignee, over leads promised a reply', async () => {
    await server.db.query('delete from submissions');
    const at = (minutes: number) => new Date(Date.parse(indiaTime(5, '10:00')) + minutes * 60_000).toISOString();
    const hour = 60;
    const now = Date.now();
    const minutesAgo = (m: number) => new Date(now - m * 60_000).toISOString();
    await store([
      // Answered after 30 min, 90 min and 25 hours in Surat (the last past its 24 hours), 60 min in Pune.
      { at: at(0), city: 'Surat', assignedTo: asha, respondBy: at(24 * hour), answeredAt: at(30) },
      { at: at(0), city: 'Surat', assignedTo: asha, respondBy: at(24 * hour), answeredAt: at(90) },
      { at: at(0), city: 'Surat', assignedTo: ravi, respondBy: at(24 * hour), answeredAt: at(25 * hour) },
      { at: at(0), city: 'Pune', assignedTo: ravi, respondBy: at(24 * hour), answeredAt: at(60) },
      // Unanswered past its promise: missed; unanswered with time left: waiting.
      { at: at(0), city: 'Pune', assignedTo: ravi, respondBy: at(24 * hour) },
      { at: minutesAgo(hour), city: 'Pune', respondBy: minutesAgo(-23 * hour) },
      // Promised nothing (a newsletter sign-up), and older than the 90 days: left out.
      { at: at(0), city: 'Pune', answeredAt: at(5000) },
      {
        at: indiaTime(91, '10:00'),
        city: 'Surat',
        assignedTo: asha,
        respondBy: indiaTime(90, '10:00'),
        answeredAt: indiaTime(91, '10:05'),
      },
    ]);
    const { firstResponse } = await trends();
    const expectFigures = (
      figures: ResponseFigures | undefined,
      expected: Omit<ResponseFigures, 'name' | 'p50Minutes' | 'p90Minutes'> & { p: [number, number] | null },
    ) => {
      const { p, ...counts } = expected;
      expect(figures).toMatchObject(counts);
      if (p === null) expect([figures!.p50Minutes, figures!.p90Minutes]).toEqual([null, null]);
      else {
        expect(figures!.p50Minutes).toBeCloseTo(p[0], 6);
        expect(figures!.p90Minutes).toBeCloseTo(p[1], 6);
      }
    };
    // 30, 60, 90 and 1,500 minutes: the median halfway between 60 and 90, the 90th percentile 70% from 90 to 1,500.
    expectFigures(firstResponse.all, { promised: 6, answered: 4, withinPromise: 3, missedPromise: 2, waiting: 1, p: [75, 1077] });
    const city = (name: string) => firstResponse.byCity.find((r) => r.name === name);
    expect(firstResponse.byCity.map((r) => r.name).sort()).toEqual(['Pune', 'Surat']);
    expectFigures(city('Surat'), { promised: 3, answered: 3, withinPromise: 2, missedPromise: 1, waiting: 0, p: [90, 90 + 0.8 * 1410] });
    expectFigures(city('Pune'), { promised: 3, answered: 1, withinPromise: 1, missedPromise: 1, waiting: 1, p: [60, 60] });
    const person = (name: string | null) => firstResponse.byAssignee.find((r) => r.name === name);
    // Named by full name, else username; leads with nobody assigned together.
    expect(firstResponse.byAssignee.map((r) => r.name)).toEqual(['ravi.bde', 'Asha Patel', null]);
    expectFigures(person('Asha Patel'), { promised: 2, answered: 2, withinPromise: 2, missedPromise: 0, waiting: 0, p: [60, 84] });
    expectFigures(person('ravi.bde'), { promised: 3, answered: 2, withinPromise: 1, missedPromise: 2, waiting: 0, p: [780, 1356] });
    expectFigures(person(null), { promised: 1, answered: 0, withinPromise: 0, missedPromise: 0, waiting: 1, p: null });
  });
});
