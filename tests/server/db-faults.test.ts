import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/database';
import { dbFaultOf, StartupError } from '../../src/server/db/db-errors';
import { testConfig } from '../support/test-server';
import { startTcpProxy } from '../support/tcp-proxy';
import { errorBody } from '../../src/server/http/error-reply';
import { first } from '../support/present';

const baseUrl = process.env.TEST_DATABASE_URL;
const quiet = { warn: () => undefined, error: () => undefined };
const consultation = { name: 'Asha Rao', email: 'asha@example.com', contact: '9876543210', lookingFor: 'Job' };
const FAILURE_TEXT = 'There was an issue submitting your request. Please try again.';

/** The app on a schema of its own, reached through a proxy, its connections named so the test can kill only them. */
async function startThroughProxy() {
  const target = new URL(baseUrl!);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const schema = `faults_${randomBytes(6).toString('hex')}`;
  const applicationName = `hireframe-${schema}`;
  const admin = await openDatabase({ databaseUrl: baseUrl, dataDir: '', log: quiet });
  await admin.query(`create schema ${schema}`);
  const url = new URL(baseUrl!);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  url.searchParams.set('options', `-c search_path=${schema}`);
  url.searchParams.set('application_name', applicationName);
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '', log: quiet });
  const dataDir = mkdtempSync(join(tmpdir(), 'hireframe-faults-'));
  const app = await buildApp({
    config: testConfig(dataDir, { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1e6 }),
    db,
    site: false,
  });
  return {
    app,
    db,
    admin,
    proxy,
    applicationName,
    post: (ip: string) =>
      app.inject({
        method: 'POST',
        url: '/api/forms/consultation',
        payload: { page: '/it-recruitment', data: consultation, captcha: 'x' },
        headers: { 'x-forwarded-for': ip },
      }),
    /** Terminates this app's connections only: other tests and engineers share the server. */
    terminate: async () =>
      first(
        await admin.query<{ n: number }>(
          'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1',
          [applicationName],
        ),
        'a count row',
      ).n,
    async close() {
      await app.close();
      await db.close().catch(() => undefined);
      await proxy.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!baseUrl)('PostgreSQL faults', () => {
  let env: Awaited<ReturnType<typeof startThroughProxy>>;
  beforeAll(async () => {
    env = await startThroughProxy();
  }, 60_000);
  afterAll(() => env?.close());

  it('survives its connections being terminated under load, and stores every submission it answered 201', async () => {
    const stored: string[] = [];
    const statuses = new Map<number, number>();
    let killed = 0;
    // On a loaded machine a whole wave can still be in flight when its kill comes, and every request fails: the kill then
    // comes later in the next wave, so that some submissions complete between kills, whatever the machine's speed.
    let killAfterMs = 5;
    for (let wave = 0; wave < 8 || (stored.length === 0 && wave < 16); wave++) {
      const requests = Array.from({ length: 25 }, (_, i) => env.post(`10.1.${wave}.${i}`));
      // Kill while the wave is in flight, idle pooled connections and those inside transactions alike.
      await new Promise((r) => setTimeout(r, killAfterMs));
      killed += await env.terminate();
      const storedBefore = stored.length;
      for (const response of await Promise.all(requests)) {
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode === 201) stored.push(response.json().id);
        else {
          expect(response.statusCode).toBe(503);
          expect(response.headers['retry-after']).toBeDefined();
          expect(response.json()).toEqual(errorBody(FAILURE_TEXT));
        }
      }
      killAfterMs = stored.length > storedBefore ? killAfterMs + 3 : killAfterMs * 2;
    }
    expect(killed).toBeGreaterThan(0);
    expect(stored.length).toBeGreaterThan(0);
    // Pooled connections killed in the last wave may tell only the next query that takes them: the check reads again.
    const killedUnder = (error: unknown) => ['57P01', '57P02', '57P03'].includes((error as { code?: string }).code ?? '');
    const read = async (attempt = 0): Promise<{ id: string }[]> =>
      env.db
        .query<{ id: string }>('select id::text as id from submissions where id::text = any($1)', [stored])
        .catch((error: unknown) => (attempt < 10 && killedUnder(error) ? read(attempt + 1) : Promise.reject(error)));
    const rows = await read();
    expect(rows.map((r) => r.id).sort()).toEqual([...stored].sort());
    // And it keeps serving once the killing stops.
    expect((await env.post('10.2.0.1')).statusCode).toBe(201);
  }, 60_000);

  it('answers 503 with Retry-After and the form failure text while PostgreSQL is down, and recovers when it is back', async () => {
    await env.proxy.down();
    const refused = await env.post('10.3.0.1');
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual(errorBody(FAILURE_TEXT));
    const notReady = await env.app.inject({ method: 'GET', url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json().reason).toMatch(/^database unavailable/);
    expect((await env.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await env.proxy.up();
    expect((await env.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const accepted = await env.post('10.3.0.2');
    expect(accepted.statusCode).toBe(201);
    const [row] = await env.db.query('select 1 from submissions where id = $1', [accepted.json().id]);
    expect(row).toBeDefined();
  }, 30_000);
});

describe.skipIf(!baseUrl)('PostgreSQL that does not answer in time', () => {
  it('cancels a call at its deadline, says calls stalled until one completes, and gives maintenance longer', async () => {
    const db = await openDatabase({ databaseUrl: baseUrl, dataDir: '', callTimeoutMs: 500, log: quiet });
    try {
      const started = Date.now();
      const error = await db.query('select pg_sleep(5)').catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(dbFaultOf(error)).toBe('unavailable');
      expect(db.stalled).toBe(true);
      expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
      expect(db.stalled).toBe(false);
      expect(await db.withDeadline(10_000).query('select pg_sleep(1)::text as slept')).toEqual([{ slept: '' }]);
    } finally {
      await db.close();
    }
  }, 20_000);
});

describe.skipIf(!baseUrl)('PostgreSQL unreachable at start', () => {
  it('retries until the server answers', async () => {
    const target = new URL(baseUrl!);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.down();
    const url = new URL(baseUrl!);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    setTimeout(() => void proxy.up(), 1_000);
    const db: Database = await openDatabase({ databaseUrl: url.toString(), dataDir: '', connectTimeoutMs: 15_000, log: quiet });
    expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
    await db.close();
    await proxy.close();
  }, 20_000);

  it('gives up after the configured time with one readable line', async () => {
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 });
    const port = proxy.port;
    await proxy.down();
    const started = Date.now();
    const error = await openDatabase({
      databaseUrl: `postgres://app:secret@127.0.0.1:${port}/hireframe`,
      dataDir: '',
      connectTimeoutMs: 1_500,
      log: quiet,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    const { message } = error as Error;
    expect(message).toBe(
      `Cannot reach PostgreSQL at 127.0.0.1:${port}/hireframe after 2 s: connect ECONNREFUSED 127.0.0.1:${port}. Check DATABASE_URL and that the server is running.`,
    );
    expect(message).not.toContain('secret');
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 10_000);
});
