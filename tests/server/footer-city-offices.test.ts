import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir, startTestServer } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { CITY_LIST_FILE } from '../../src/shared/city-list';
import { RENDERED_STATE_ID } from '../../src/shared/rendered-state';

// Runs against the output of npm run build: every public page's footer links to the city pages, from the build's list.
type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;

beforeAll(async () => {
  server = await startTestServer({ config: { captcha: 'off', outboxIntervalMs: 0 } });
});
afterAll(() => server?.close());

/** The footer's city offices in a page's HTML: the links' addresses and words, in order; null when it has none. */
function cityOffices(html: string) {
  const nav = /<nav aria-label="City offices"[^>]*>([^]*?)<\/nav>/.exec(html)?.[1];
  if (nav === undefined) return null;
  expect(nav).toContain('<h2>Our City Offices</h2>');
  return [...nav.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, text]) => ({ href, text }));
}

/** The site's footer, after the page's content (which may hold footers of its own). */
const footerOf = (html: string) => html.slice(html.indexOf('<footer class="site-footer"'), html.lastIndexOf('</footer>'));

describe('the footer links to every city page', () => {
  it('on the prerendered home page, sorted by name, with no code of the list in the page', () => {
    const html = readFileSync(join(distDir, 'pages/index.html'), 'utf8');
    const links = cityOffices(footerOf(html));
    expect(links).toContainEqual({ href: '/franchise/surat', text: 'Surat, Gujarat' });
    expect(links).toContainEqual({ href: '/franchise/chennai', text: 'Chennai, Tamil Nadu' });
    // A city that is its own union territory is named once.
    expect(links).toContainEqual({ href: '/franchise/chandigarh', text: 'Chandigarh' });
    const names = links!.map((link) => link.text!);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-IN')));
    // The list of the build, whole.
    const built = JSON.parse(readFileSync(join(distDir, 'client', CITY_LIST_FILE), 'utf8')) as { route: string }[];
    expect(links!.map((link) => link.href)).toEqual(built.map((city) => city.route));
  });

  it.each(['/job-openings', '/blogs'])('on %s as the server renders it for a visitor', async (route) => {
    const response = await server.app.inject({ method: 'GET', url: route });
    expect(response.statusCode).toBe(200);
    expect(cityOffices(footerOf(response.body))).toContainEqual({ href: '/franchise/surat', text: 'Surat, Gujarat' });
  });

  it('on /job-openings for a signed-in user, with the list in what the app hydrates with', async () => {
    const { cookies } = await loginAs(server.app, server.db, 'ADMIN');
    const response = await server.app.inject({ method: 'GET', url: '/job-openings', cookies });
    expect(response.statusCode).toBe(200);
    expect(cityOffices(footerOf(response.body))).toContainEqual({ href: '/franchise/surat', text: 'Surat, Gujarat' });
    const state = new RegExp(`<script type="application/json" id="${RENDERED_STATE_ID}">([^<]*)</script>`).exec(response.body)?.[1];
    const { queryState } = JSON.parse(state ?? 'null') as { queryState: { queries: { state: { data: unknown } }[] } };
    expect(queryState.queries.map((query) => query.state.data)).toContainEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Surat', route: '/franchise/surat' })]),
    );
  });

  it('not on a staff screen: the sign-in form has no marketing footer', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(200);
    expect(cityOffices(response.body)).toBeNull();
  });
});

describe('a build without the list of city pages', () => {
  let bare: Server;
  const copy = mkdtempSync(join(tmpdir(), 'hireframe-no-city-list-'));
  beforeAll(async () => {
    cpSync(distDir, copy, { recursive: true, filter: (path) => !path.endsWith(CITY_LIST_FILE) });
    bare = await startTestServer({ config: { distDir: copy, outboxIntervalMs: 0 } });
  });
  afterAll(async () => {
    await bare?.close();
    rmSync(copy, { recursive: true, force: true });
  });

  it('renders /job-openings with its footer, without the city offices', async () => {
    const response = await bare.app.inject({ method: 'GET', url: '/job-openings' });
    expect(response.statusCode).toBe(200);
    expect(footerOf(response.body)).toContain('Jobs by Location');
    expect(cityOffices(response.body)).toBeNull();
  });
});
