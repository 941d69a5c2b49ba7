import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { sweepExpired } from '../../src/server/housekeeping/sweep-expired';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const counted = `select form_id, collection, city, assigned_to, status, sum(n)::int as n from lead_counts
                  group by 1, 2, 3, 4, 5 having sum(n) <> 0 order by 1, 2, 3, 4, 5`;
const actual = `select form_id, collection, city, assigned_to, status, count(*)::int as n from submissions
                 group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`;

describe.each(databaseKinds)('lead counts on %s', (kind) => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1e6 } });
  });
  afterAll(() => server.close());

  const submit = (i: number) =>
    server.app.inject({
      method: 'POST',
      url: '/api/forms/consultation',
      payload: {
        page: '/it-recruitment',
        data: { name: `Lead ${i}`, email: `lead${i}@example.com`, contact: '9876543210', lookingFor: i % 2 ? 'Job' : 'Candidate' },
        captcha: 'x',
      },
    });

  it('stay exact under concurrent submissions and changes, spread over slots and folded back', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => submit(i)));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    const ids = answers.map((a) => a.json().id as string);
    // Staff changes land in other slots than the leads they move, concurrently with new leads.
    await Promise.all([
      ...ids.slice(0, 10).map((id) => server.db.query(`update submissions set status = 'contacted' where id = $1`, [id])),
      (async () => {
        await server.db.query('delete from outbox where submission_id = any($1::uuid[])', [ids.slice(10, 15)]);
        await server.db.query('delete from submissions where id = any($1::uuid[])', [ids.slice(10, 15)]);
      })(),
      ...Array.from({ length: 20 }, (_, i) => submit(100 + i)),
    ]);
    expect(await server.db.query(counted)).toEqual(await server.db.query(actual));
    expect(await server.db.query(`select count(*)::int as n from lead_counts where slot <> 0`)).not.toEqual([{ n: 0 }]);

    await sweepExpired(server.db, server.dataDir);
    expect(await server.db.query(`select count(*)::int as n from lead_counts where slot <> 0`)).toEqual([{ n: 0 }]);
    expect(await server.db.query(counted)).toEqual(await server.db.query(actual));
    const [total] = await server.db.query<{ n: number }>('select count(*)::int as n from submissions');
    expect(total?.n).toBe(75);
  });

  it('records each set of fields once', async () => {
    const sets = await server.db.query<{ n: number }>(`select count(*)::int as n from lead_field_sets where form_id = 'consultation'`);
    const distinct = await server.db.query<{ n: number }>(
      `select count(distinct data_keys)::int as n from submissions where form_id = 'consultation'`,
    );
    expect(sets).toEqual(distinct);
  });
});
