import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { createHitCounter } from '../../src/server/http/rate-limit-window';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe.each(databaseKinds)('rate-limit counts on %s', (kind) => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0 } });
  });
  afterAll(() => server.close());

  it('give each of many hits at once its own place in the count, across two processes sharing the database', async () => {
    // Two counters on one database, as two server processes have.
    const counters = [createHitCounter(server.app.db), createHitCounter(server.app.db)];
    const hits = Array.from({ length: 60 }, (_, i) => counters[i % 2]!(i % 3 ? 'forms:198.51.100.7' : 'forms:203.0.113.9', 60_000));
    const counts = await Promise.all(hits);
    const of = (address: string) =>
      counts
        .filter((_, i) => (i % 3 ? 'forms:198.51.100.7' : 'forms:203.0.113.9') === address)
        .map((c) => c.hits)
        .sort((a, b) => a - b);
    expect(of('forms:198.51.100.7')).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(of('forms:203.0.113.9')).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const { ttlMs } of counts) {
      expect(ttlMs).toBeGreaterThanOrEqual(1000);
      expect(ttlMs).toBeLessThanOrEqual(60_000);
    }
    // Later hits go on counting from there.
    expect((await counters[0]!('forms:203.0.113.9', 60_000)).hits).toBe(21);
  });

  it('reject every hit of a statement that fails, and count again once the database answers', async () => {
    const failing = createHitCounter({ query: async () => Promise.reject(new Error('connection lost')) });
    await expect(Promise.all([failing('k', 60_000), failing('k', 60_000)])).rejects.toThrow('connection lost');
    const counter = createHitCounter(server.app.db);
    expect((await counter('forms:192.0.2.1', 60_000)).hits).toBe(1);
  });
});
