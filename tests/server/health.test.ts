import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { first } from '../support/present';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe.each(databaseKinds)('health endpoints on %s', (kind) => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0 } });
  }, 60_000);
  afterAll(() => server.close());

  it('GET /healthz answers 200 without a session', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 when the database answers and every migration is applied', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('GET /readyz answers 503 naming the migration a database lacks', async () => {
    const { version, name } = first(
      await server.db.query<{ version: number; name: string }>(
        'delete from schema_migrations where version = (select max(version) from schema_migrations) returning version, name',
      ),
      'the deleted migration',
    );
    try {
      const response = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'not ready', reason: `migrations not applied: ${name}` });
    } finally {
      await server.db.query('insert into schema_migrations (version, name) values ($1, $2)', [version, name]);
    }
  });

  it('keeps the health routes out of the API access table', () => {
    expect(server.app.accessRules.some((r) => /healthz|readyz/.test(r.url))).toBe(false);
  });
});
