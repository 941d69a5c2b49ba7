import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { ErrorBody } from '../../src/shared/api/error-body';
import { ROLE_COLUMNS } from '../../src/server/access-table';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const isErrorBody = Compile(ErrorBody);
/** Path parameters a caller might send: ones that cannot be, and well-formed ones that name nothing. */
const urlVariants = (url: string) => [
  url.replace(/:(\w+)/g, 'not-an-id'),
  url.replace(/:(\w+)/g, (_, name: string) => (name === 'slug' ? 'no-such-post' : '00000000-0000-4000-8000-000000000000')),
];
/** Bodies that miss what a route needs, carry what it does not know, or are of the wrong kind. */
const bodies = [{}, { unknown: 'x', page: -1 }, []];

describe.each(databaseKinds)('every API error on %s', (kind) => {
  let server: Server;
  const headersFor: Record<string, Record<string, string>> = { visitor: {} };
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1e6 } });
    for (const role of ROLE_COLUMNS)
      headersFor[role] = { authorization: `Bearer ${(await loginAs(server.app, server.db, role, { city: 'Surat' })).token}` };
  });
  afterAll(() => server.close());

  it('answers every refused request of every route in the one shape { error, errors: [{ field, message }] }', async () => {
    const checked: string[] = [];
    const misshapen: string[] = [];
    for (const rule of server.app.accessRules) {
      for (const url of urlVariants(rule.url)) {
        for (const [who, headers] of Object.entries(headersFor)) {
          const payloads = rule.method === 'GET' || rule.method === 'DELETE' ? [undefined] : bodies;
          for (const payload of payloads) {
            const response = await server.app.inject({ method: rule.method as 'GET', url: `${url}?page=zero`, headers, payload });
            if (response.statusCode < 400) continue;
            checked.push(`${rule.method} ${url}`);
            const body: unknown = response.headers['content-type']?.includes('json') ? response.json() : response.body;
            if (!isErrorBody.Check(body))
              misshapen.push(`${rule.method} ${url} as ${who}: ${response.statusCode} ${response.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(misshapen).toEqual([]);
    expect(new Set(checked).size).toBeGreaterThan(server.app.accessRules.length);
  }, 120_000);

  it('answers an unknown API path in the same shape', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(isErrorBody.Check(response.json())).toBe(true);
  });
});
