import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createUser } from '../../src/server/users/store';
import { closePortalSite, hydrated, type Site, startPortalSite, visit } from './harness';
import { first } from '../support/present';

// A logged-in admin opens a page of another origin of the same site (another port of 127.0.0.1: the session cookie,
// SameSite=Lax, still rides along). Whatever that page posts, nothing changes.
let site: Site;
let browser: Browser;
let attacker: Server;
let attackerUrl: string;
let victimId: string;
let requestId: string;
const password = 'correct horse battery';

/** The other origin's page: forms that post themselves into a hidden frame, as a hostile page would. */
const hostilePage = (api: string) => `<!doctype html><html><body>
<iframe name="sink" style="display:none"></iframe>
<form id="reset" method="POST" enctype="text/plain" target="sink" action="${api}/api/admin/users/${victimId}/password"></form>
<form id="reset-json-ish" method="POST" enctype="text/plain" target="sink" action="${api}/api/admin/users/${victimId}/password"><input name='{"password":"owned-by-attacker","x":"' value='"}'></form>
<form id="reject" method="POST" enctype="application/x-www-form-urlencoded" target="sink" action="${api}/api/admin/recruiter-requests/${requestId}/reject"></form>
<form id="logout" method="POST" enctype="multipart/form-data" target="sink" action="${api}/api/auth/logout"></form>
</body></html>`;

async function canLogIn(username: string, secret: string) {
  const response = await fetch(`${site.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: secret }),
  });
  return response.status === 200;
}
const requestStatus = async () =>
  first(
    await site.db.query<{ status: string }>('select status from submissions where id = $1', [requestId]),
    'the staff request submission',
  ).status;
const resets = async () =>
  first(await site.db.query<{ n: number }>(`select count(*)::int as n from activity where action = 'user.password-reset'`), 'a count row')
    .n;

beforeAll(async () => {
  ({ site, browser } = await startPortalSite());
  await createUser(site.db, { username: 'asha.admin', password, role: 'ADMIN', fullName: 'Asha Rao' });
  victimId = (await createUser(site.db, { username: 'rita.recruiter', password, role: 'RECRUITER', fullName: 'Rita Sen' })).id;
  const request = await fetch(`${site.url}/api/forms/recruiter-application`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      page: '/apply-as-a-recruiter',
      captcha: 'off',
      data: { name: 'Sunil Mehta', email: 'sunil@example.com', phone: '9876543210', city: 'Pune', experience: '1-3' },
    }),
  });
  expect(request.status, await request.clone().text()).toBe(201);
  requestId = ((await request.json()) as { id: string }).id;

  attacker = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(hostilePage(site.url)));
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => attacker?.close(resolve));
  await closePortalSite({ site, browser });
});

async function loggedInAdmin(): Promise<Page> {
  const { page } = await visit(browser, site.url);
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Username').fill('asha.admin');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/admin');
  return page;
}

describe('a page of another origin, with the admin logged in', () => {
  it('cannot reset a password, reject a recruiter request or log the admin out with forms', async () => {
    const page = await loggedInAdmin();
    await page.goto(attackerUrl);
    for (const form of ['reset', 'reset-json-ish', 'reject', 'logout']) {
      const answered = page.waitForResponse((r) => r.url().startsWith(site.url) && r.request().method() === 'POST');
      await page.evaluate((id) => (document.getElementById(id) as HTMLFormElement).submit(), form);
      const response = await answered;
      expect(response.status(), form).toBeGreaterThanOrEqual(400);
      expect(response.status(), form).toBeLessThan(500);
    }
    expect(await canLogIn('rita.recruiter', password)).toBe(true);
    expect(await canLogIn('rita.recruiter', 'owned-by-attacker')).toBe(false);
    expect(await requestStatus()).toBe('new');
    expect(await resets()).toBe(0);
    // Still logged in: the logout form changed nothing either.
    await page.goto(`${site.url}/admin`);
    expect(new URL(page.url()).pathname).toBe('/admin');
  });

  it('cannot do it with fetch, with or without CORS', async () => {
    const page = await loggedInAdmin();
    await page.goto(attackerUrl);
    const outcomes = await page.evaluate(
      async ({ api, victim, request }) => {
        const attempt = (url: string, init: RequestInit) =>
          fetch(url, { method: 'POST', credentials: 'include', ...init }).then(
            (r) => `${r.type} ${r.status}`,
            () => 'blocked',
          );
        return [
          await attempt(`${api}/api/admin/users/${victim}/password`, {
            mode: 'no-cors',
            body: '{}',
            headers: { 'content-type': 'text/plain' },
          }),
          await attempt(`${api}/api/admin/users/${victim}/password`, {
            mode: 'no-cors',
            body: '{}',
            headers: { 'content-type': 'application/json' },
          }),
          await attempt(`${api}/api/admin/users/${victim}/password`, { body: '{}', headers: { 'content-type': 'application/json' } }),
          await attempt(`${api}/api/admin/recruiter-requests/${request}/reject`, { mode: 'no-cors' }),
        ];
      },
      { api: site.url, victim: victimId, request: requestId },
    );
    // Opaque or refused: the page learns nothing, and the server changed nothing.
    for (const outcome of outcomes) expect(outcome).toMatch(/^(opaque 0|blocked)$/);
    expect(await canLogIn('rita.recruiter', password)).toBe(true);
    expect(await requestStatus()).toBe('new');
    expect(await resets()).toBe(0);
  });

  it('while the portal itself, on its own origin, still makes the change', async () => {
    const page = await loggedInAdmin();
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`/admin/recruiter-requests/${requestId}`);
    await page.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(requestStatus).toBe('closed');
  });
});
