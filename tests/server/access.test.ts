import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTableMarkdown, allows, ROLE_COLUMNS } from '../../src/server/access-table';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_, name) => (name === 'slug' ? 'no-such-post' : '00000000-0000-4000-8000-000000000000'));

describe.each(databaseKinds)('role by endpoint on %s', (kind) => {
  let server: Server;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1e6 } });
    for (const role of ROLE_COLUMNS) tokens[role] = (await loginAs(server.app, server.db, role, { city: 'Surat' })).token;
  });
  afterAll(() => server.close());

  it('declares an access rule on every API route', () => {
    const api = server.app.accessRules;
    expect(api.length).toBeGreaterThan(10);
    expect(api.filter((r) => !r.url.startsWith('/api/'))).toEqual([]);
  });

  it('answers 401 without a session and 403 for a role the route does not allow', async () => {
    const failures: string[] = [];
    for (const rule of server.app.accessRules.filter((r) => r.access !== 'public')) {
      const url = concrete(rule.url);
      const anonymous = await server.app.inject({ method: rule.method as 'GET', url });
      if (anonymous.statusCode !== 401) failures.push(`${rule.method} ${rule.url} without a session: ${anonymous.statusCode}`);
      for (const role of ROLE_COLUMNS.filter((r) => !allows(rule, r))) {
        const response = await server.app.inject({
          method: rule.method as 'GET',
          url,
          headers: { authorization: `Bearer ${tokens[role]}` },
        });
        if (response.statusCode !== 403) failures.push(`${rule.method} ${rule.url} as ${role}: ${response.statusCode}`);
      }
      for (const role of ROLE_COLUMNS.filter((r) => allows(rule, r))) {
        const response = await server.app.inject({
          method: rule.method as 'GET',
          url,
          headers: { authorization: `Bearer ${tokens[role]}` },
        });
        if (response.statusCode === 401 || (response.statusCode === 403 && rule.access !== 'user')) {
          failures.push(`${rule.method} ${rule.url} as ${role} (allowed): ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('is the table docs/access.md shows', () => {
    const readme = readFileSync(new URL('../../docs/access.md', import.meta.url), 'utf8');
    const shown = /<!-- access-table -->\n([\s\S]*?)\n<!-- \/access-table -->/.exec(readme)?.[1];
    expect(shown, 'run npm run access-table -- --write').toBe(accessTableMarkdown(server.app.accessRules));
  });
});
