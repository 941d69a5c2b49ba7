import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { distDir, startTestServer } from '../support/test-server';
import { sourcePages } from '../../src/server/site/source-pages';
import { appRoutes } from '../../src/shared/app-routes';
import { first } from '../support/present';

// The routes of pages/, each read from its file with placeholders filled.
const pages = sourcePages();
const jsonRoutes = [...pages.routes().keys()];

// Runs against the output of npm run build, as npm start serves it.
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await startTestServer());
});
afterAll(() => close());

const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');

describe('the built site over HTTP, without JavaScript', () => {
  it.each(jsonRoutes)('%s answers 200 with its content and meta tags in the HTML', async (route) => {
    const page = pages.page(route)!;
    const response = await app.inject({ method: 'GET', url: route });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = decode(response.body);
    const hero = first(page.blocks, 'a first block on the page') as { heading?: string; slides?: { heading: string }[] };
    expect(
      html.includes(hero.heading ?? first(hero.slides ?? [], 'a heading or a first slide on the first block').heading),
      'main heading',
    ).toBe(true);
    expect(html.includes(`<title>${page.meta.title}</title>`), 'title').toBe(true);
    for (const name of ['description', 'keywords', 'subject'] as const) {
      expect(html.includes(`<meta name="${name}" content="${page.meta[name]}"`), name).toBe(true);
    }
  });

  it.each(jsonRoutes)('%s gives every image of its content a width and height, as its file has them', async (route) => {
    const html = (await app.inject({ method: 'GET', url: route })).body;
    const images = html.match(/<img\b[^>]*>/g) ?? [];
    for (const image of images)
      expect(image, image).toMatch(/\swidth="[1-9]\d*"[^>]*\sheight="[1-9]\d*"|\sheight="[1-9]\d*"[^>]*\swidth="[1-9]\d*"/);
  });

  it('sizes a hero illustration by its own file', async () => {
    const html = (await app.inject({ method: 'GET', url: '/franchise/surat' })).body;
    // public/images/illustrations/hero-city.svg is 640 by 480.
    expect(html).toMatch(/<img src="\/images\/illustrations\/hero-city\.svg"[^>]*width="640" height="480"/);
  });

  it('renders the public app routes on the server', async () => {
    for (const route of ['/login', '/blogs', '/job-openings']) {
      const response = await app.inject({ method: 'GET', url: route });
      expect(response.statusCode, route).toBe(200);
      expect(response.body, route).toContain('<main id="main"');
    }
    // A job or a post there is not: the screen that says so, with status 404.
    for (const route of ['/job-openings/42', '/blogs/hiring-in-surat']) {
      const response = await app.inject({ method: 'GET', url: route });
      expect(response.statusCode, route).toBe(404);
      expect(response.body, route).toContain('<main id="main"');
    }
  });

  it('sends a visitor without jwt_token from a protected route to /, or signs them in there', async () => {
    for (const route of appRoutes.filter((r) => r.protected && !r.signInInPlace).map((r) => r.path.replace(':id', '7'))) {
      const response = await app.inject({ method: 'GET', url: route });
      expect(response.statusCode, route).toBe(302);
      expect(response.headers.location).toBe('/');
    }
  });

  it('serves a protected route to a visitor with jwt_token', async () => {
    const response = await app.inject({ method: 'GET', url: '/admin', cookies: { jwt_token: 'x', role: 'ADMIN' } });
    expect(response.statusCode).toBe(200);
  });

  it("clears a session's readable cookies that outlived jwt_token with the page, and leaves a live session's alone", async () => {
    const cleared = (response: { cookies: { name: string; value: string; expires?: Date }[] }) =>
      response.cookies
        .filter((c) => c.value === '' && c.expires && c.expires.getTime() <= Date.now())
        .map((c) => c.name)
        .sort();
    const leftover = { role: 'ADMIN', username: 'meera.admin', user_details_id: '7' };
    for (const route of ['/', '/franchise/surat', '/login', '/job-openings']) {
      const response = await app.inject({ method: 'GET', url: route, cookies: leftover });
      expect(response.statusCode, route).toBe(200);
      expect(cleared(response), route).toEqual(['email', 'hiring_for', 'hm_type', 'jwt_token', 'role', 'user_details_id', 'username']);
    }
    const live = await app.inject({ method: 'GET', url: '/', cookies: { ...leftover, jwt_token: 'x' } });
    expect(live.cookies).toEqual([]);
    const visitor = await app.inject({ method: 'GET', url: '/' });
    expect(visitor.cookies).toEqual([]);
  });

  it('answers 404 with the not-found page for unknown paths', async () => {
    const response = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('We couldn&#x27;t find that page');
  });

  it('drops a trailing slash', async () => {
    const response = await app.inject({ method: 'GET', url: '/franchise/surat/?utm_source=x' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/franchise/surat?utm_source=x');
  });

  it('serves assets with a long cache life and compresses text', async () => {
    const home = await app.inject({ method: 'GET', url: '/' });
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(home.body)![1];
    const response = await app.inject({ method: 'GET', url: script, headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('sends scripts and styles compressed at build time, as brotli or gzip, and as they are to a client that asks for neither', async () => {
    const home = (await app.inject({ method: 'GET', url: '/' })).body;
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(home)![1]!;
    const style = /href="(\/assets\/[^"]+\.css)"/.exec(home)![1]!;
    for (const asset of [script, style]) {
      const built = (extension = '') => readFileSync(join(distDir, 'client', `${asset}${extension}`));
      for (const [accepted, encoding, extension] of [
        ['gzip, deflate, br, zstd', 'br', '.br'],
        ['gzip', 'gzip', '.gz'],
        ['identity', undefined, ''],
      ] as const) {
        const response = await app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': accepted } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers.vary).toContain('accept-encoding');
        expect(response.rawPayload.equals(built(extension))).toBe(true);
      }
      expect(brotliDecompressSync(built('.br')).equals(built())).toBe(true);
    }
  });

  it('sends a content security policy that forbids inline scripts', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
