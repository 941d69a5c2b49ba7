import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { sweepExpired } from '../../src/server/housekeeping/sweep-expired';
import { blobStoreAt, type BlobLocation } from '../../src/server/uploads/blob-store';
import { errorBody } from '../../src/server/http/error-reply';
import { databaseKinds, startTestServer, testConfig } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { solidPng } from '../support/png';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Doc = { route: string; [key: string]: unknown };

const ROUTE = '/franchise/surat';
const q = `?route=${encodeURIComponent(ROUTE)}`;
const TWO_MB = 2 * 1024 * 1024;
const NOT_AN_IMAGE = 'Please upload a PNG, JPEG or WebP image. SVG files are not accepted: they can carry scripts.';
const TOO_LARGE = 'The image is larger than 2 MB. Please make it smaller and upload it again.';

// Images uploaded in the page editor: checked, kept in the shared blob store, served to everyone, named by pages.
describe.each(databaseKinds)('page images on %s', (kind) => {
  // With PostgreSQL the bytes go to upload_blobs, as with DATABASE_URL in production: any process serves them.
  const databaseUrl = kind === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  let server: Server;
  let marketing: Record<string, string>;
  const png = solidPng(3, 2);

  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, databaseUrl } });
    marketing = (await loginAs(server.app, server.db, 'MARKETING')).cookies;
  });
  afterAll(() => server.close());

  const upload = (name: string, bytes: Buffer, cookies: Record<string, string> | undefined = marketing) =>
    server.app.inject({ method: 'POST', url: '/api/admin/pages/images', payload: { name, data: bytes.toString('base64') }, cookies });
  // Surat's page is its facts: it words the template's about section (image and text) with its own image.
  const withImage = (doc: Doc, src: string): Doc => ({
    ...doc,
    overrides: {
      ...(doc.overrides as object),
      about: { ...(doc.overrides as Record<string, object>).about, image: { src, alt: 'Our Surat office' } },
    },
  });

  it('takes a PNG from MARKETING, records its size and serves it to anyone with its type and a year of caching', async () => {
    const sent = await upload('Office Team (1).PNG', png);
    expect(sent.statusCode, sent.body).toBe(201);
    const { image } = sent.json();
    expect(image).toMatchObject({ name: 'Office Team (1).PNG', type: 'image/png', size: png.length, width: 3, height: 2 });
    expect(image.path).toMatch(/^\/images\/uploads\/[0-9a-f]{12}-office-team-1\.png$/);

    const served = await server.app.inject({ method: 'GET', url: image.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-length']).toBe(String(png.length));
    expect(served.rawPayload.equals(png)).toBe(true);

    const list = await server.app.inject({ method: 'GET', url: '/api/admin/pages/images', cookies: marketing });
    expect(list.json().uploads).toContainEqual(image);
    expect(list.json().images).toContain('/images/illustrations/team-meeting.svg');
    expect((await server.app.inject({ method: 'GET', url: '/images/uploads/000000000000-nothing.png' })).statusCode).toBe(404);
  });

  it('refuses a visitor (401) and a RECRUITER (403)', async () => {
    const recruiter = (await loginAs(server.app, server.db, 'RECRUITER')).cookies;
    expect((await upload('a.png', png, {})).statusCode).toBe(401);
    const refused = await upload('a.png', png, recruiter);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toHaveProperty('error');
  });

  it('refuses an SVG and a text file named .png in words, at the file field', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [name, bytes] of [
      ['logo.svg', svg],
      ['notes.png', Buffer.from('just some text, not an image')],
    ] as const) {
      const refused = await upload(name, bytes);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: NOT_AN_IMAGE, errors: [{ field: 'file', message: NOT_AN_IMAGE }] });
    }
  });

  it('refuses an image over 2 MB with 413, however large the request', async () => {
    const justOver = Buffer.concat([png, Buffer.alloc(TWO_MB + 1 - png.length)]);
    const over = await upload('big.png', justOver);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ error: TOO_LARGE, errors: [{ field: 'file', message: TOO_LARGE }] });
    const huge = await upload('huge.png', Buffer.concat([png, Buffer.alloc(4 * TWO_MB)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe(TOO_LARGE);
    const exactly = await upload('exactly.png', Buffer.concat([png, Buffer.alloc(TWO_MB - png.length)]));
    expect(exactly.statusCode, exactly.body).toBe(201);
  });

  it('accepts and publishes a page using an uploaded image, and refuses one naming an image never uploaded', async () => {
    const { image } = (await upload('surat-office.png', png)).json();
    const page = (await server.app.inject({ method: 'GET', url: `/api/admin/pages/page${q}`, cookies: marketing })).json().page;
    const save = (document: Doc, baseRevisionId: number | null) =>
      server.app.inject({ method: 'PUT', url: `/api/admin/pages/page${q}`, payload: { document, baseRevisionId }, cookies: marketing });

    const missing = '/images/uploads/0123456789ab-not-uploaded.png';
    const broken = (await save(withImage(page.document, missing), page.revisionId)).json().page;
    expect(broken.problems).toEqual([
      { pointer: '/overrides/about/image/src', message: `image ${missing} is not in public/ and no image was uploaded under that name` },
    ]);
    const refused = await server.app.inject({
      method: 'POST',
      url: `/api/admin/pages/publish${q}`,
      payload: { revisionId: broken.revisionId },
      cookies: marketing,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].field).toBe('/overrides/about/image/src');

    const good = await save(withImage(page.document, image.path), broken.revisionId);
    expect(good.json().page.problems).toEqual([]);
    const published = await server.app.inject({
      method: 'POST',
      url: `/api/admin/pages/publish${q}`,
      payload: { revisionId: good.json().page.revisionId },
      cookies: marketing,
    });
    expect(published.statusCode, published.body).toBe(200);
  });

  it('answers 404 for an image whose bytes are gone, before any header of the image goes out', async () => {
    const { image } = (await upload('lost.png', png)).json();
    const fileName = image.path.split('/').pop();
    const [row] = await server.db.query<{ stored_name: string; stored_in: BlobLocation }>(
      'select stored_name, stored_in from page_images where file_name = $1',
      [fileName],
    );
    await blobStoreAt(row!.stored_in, server.db, server.dataDir).delete(row!.stored_name);
    const served = await server.app.inject({ method: 'GET', url: image.path });
    expect(served.statusCode).toBe(404);
    expect(served.json()).toEqual(errorBody('No image at this address.'));
    expect(served.headers['cache-control']).toBeUndefined();
  });

  it('keeps an uploaded image through the housekeeping sweep', async () => {
    const { image } = (await upload('kept.png', png)).json();
    // Bytes an hour old with no form upload naming them are what the sweep removes; these belong to page_images.
    await server.db.query(`update upload_blobs set created_at = now() - interval '2 hours'`);
    await sweepExpired(server.db, server.dataDir);
    expect((await server.app.inject({ method: 'GET', url: image.path })).statusCode).toBe(200);
  });

  it.runIf(kind === 'postgres')('is served by a second server on the same database, with a data directory of its own', async () => {
    const { image } = (await upload('shared.png', png)).json();
    const otherDir = mkdtempSync(join(tmpdir(), 'hireframe-other-'));
    const other: FastifyInstance = await buildApp({
      config: testConfig(otherDir, { captcha: 'off', outboxIntervalMs: 0, databaseUrl }),
      db: server.db,
      site: false,
    });
    try {
      const served = await other.inject({ method: 'GET', url: image.path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(png)).toBe(true);
    } finally {
      await other.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
