import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';

type Server = Awaited<ReturnType<typeof startTestServer>>;

// /team shows the team admins keep at /admin/team in its HTML, rendered by the server: the block ships no script.
describe.each(databaseKinds)('the team page on %s', (kind) => {
  let server: Server;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ kind, config: { captcha: 'off', outboxIntervalMs: 0 } });
    token = (await loginAs(server.app, server.db, 'ADMIN')).token;
  });
  afterAll(() => server.close());

  const get = (url: string) => server.app.inject({ method: 'GET', url });
  const admin = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    server.app.inject({ method, url, payload, cookies: { jwt_token: token } });
  const peopleIn = (html: string) => [...html.matchAll(/<h3[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1]);

  it("shows the page's own people while the team is empty, then the team in the HTML and the page's document", async () => {
    const before = await get('/team');
    expect(before.statusCode).toBe(200);
    expect(peopleIn(before.body)).toContain('Harpreet Singh Bedi');

    const added = await admin('POST', '/api/admin/team', { name: 'Kavya Menon', role: 'Head of Talent', bio: 'Leads our recruiters.' });
    expect(added.statusCode, added.body).toBe(201);
    await admin('POST', '/api/admin/team', { name: 'Not Yet', role: 'Intern', visible: false });
    // A process reads the team again at most every two seconds.
    await new Promise((resolve) => setTimeout(resolve, 2100));

    const page = await get('/team');
    expect(page.statusCode).toBe(200);
    expect(peopleIn(page.body)).toEqual(['Kavya Menon']);
    expect(page.body).toContain('Leads our recruiters.');
    expect(page.body).toContain('<title>');
    // The block is no island: nothing on the page loads its code.
    expect(page.body).not.toContain('data-name="team-members"');
    // The signed-in app renders pages from their documents: the team is there too.
    const data = (await get('/page-data/team.json')).json() as { blocks: { type: string; members?: { name: string }[] }[] };
    expect(data.blocks.find((b) => b.type === 'team-members')?.members?.map((m) => m.name)).toEqual(['Kavya Menon']);

    // Pages without a team block are served as built.
    expect((await get('/franchise/surat')).body).not.toContain('Kavya Menon');
  });
});
