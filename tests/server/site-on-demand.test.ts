import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/test-server';
import { cachedFiles } from '../../src/server/site/cached-files';
import { readPageDocument } from '../../src/server/site/pages-on-disk';

// A build of two pages: the server must serve pages written after it started, so it reads nothing per page at start.
const dist = mkdtempSync(join(tmpdir(), 'hireframe-dist-'));
const write = (file: string, text: string) => {
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), text);
};
const pune = JSON.parse(
  JSON.stringify(readPageDocument(new URL('../../pages/franchise/surat.json', import.meta.url).pathname)).replaceAll('Surat', 'Pune'),
);
pune.route = '/franchise/pune';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  mkdirSync(join(dist, 'client'));
  write('pages/app-shell.html', '<div id="root"></div>');
  write('pages/not-found.html', '<h1>Not found</h1>');
  server = await startTestServer({ config: { distDir: dist, captcha: 'off' } });
  write('pages/franchise/pune.html', '<h1>Pune</h1>');
  write('page-data/franchise/pune.json', JSON.stringify(pune));
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => server.app.inject({ method: 'GET', url });

describe('pages served on demand from the build', () => {
  it('serves a page and its document that were written after the server started', async () => {
    const html = await get('/franchise/pune');
    expect(html.statusCode).toBe(200);
    expect(html.body).toBe('<h1>Pune</h1>');
    const data = await get('/page-data/franchise/pune.json');
    expect(data.statusCode).toBe(200);
    expect(data.headers['content-type']).toContain('application/json');
    expect(data.json().route).toBe('/franchise/pune');
  });

  it('answers 404 for an unknown page and any path that leaves the build', async () => {
    const paths = [
      '/franchise/nowhere',
      '/franchise/../pages/not-found',
      '/%2e%2e/package.json',
      '/..%2fpackage.json',
      '/franchise/pune.html',
    ];
    for (const url of paths) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe('<h1>Not found</h1>');
    }
    const data = [
      '/page-data/../pages/app-shell.html',
      '/page-data/%2e%2e/pages/app-shell.html',
      '/page-data/franchise/pune',
      '/page-data/x/..%2f..%2fpages/not-found.json',
    ];
    for (const url of data) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('<div id="root">');
    }
    const missing = await get('/page-data/nowhere.json');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'No page at this address.' });
  });

  it('reads the page a form is sent from out of the build as well', async () => {
    const page = await server.app.formCatalog.page('/franchise/pune');
    expect(page?.city).toBe('Pune');
    expect(page?.uses.map((use) => use.form)).toContain('city-lead');
    expect(await server.app.formCatalog.page('/franchise/nowhere')).toBeUndefined();
    expect(await server.app.formCatalog.page('/../pages/site')).toBeUndefined();
  });
});

describe('the page cache', () => {
  it('holds no more than its bytes, however many files are read, and reads nothing outside its directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hireframe-cache-'));
    try {
      for (let i = 0; i < 40; i++) writeFileSync(join(dir, `${i}.html`), 'x'.repeat(10_000));
      const files = cachedFiles(dir, 64_000);
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 40; i++) expect((await files.read(`${i}.html`))?.length).toBe(10_000);
        expect(files.bytes).toBeLessThanOrEqual(64_000);
      }
      expect(files.bytes).toBeGreaterThan(0);
      expect(await files.read('missing.html')).toBeUndefined();
      expect(await files.read('../hireframe-cache-outside.html')).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
