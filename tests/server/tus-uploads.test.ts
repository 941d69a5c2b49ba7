import { request as httpRequest } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer, testConfig } from '../support/test-server';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/database';
import { openUpload } from '../../src/server/uploads/store';
import { sweepExpired } from '../../src/server/housekeeping/sweep-expired';
import { errorBody } from '../../src/server/http/error-reply';
import { CROSS_ORIGIN_MESSAGE } from '../../src/server/http/request-guards';
import { RESUMABLE_CHUNK_BYTES, RESUMABLE_UPLOADS_PATH } from '../../src/shared/api/resumable-uploads';
import { first } from '../support/present';

type App = Awaited<ReturnType<typeof startTestServer>>['app'];

/** A PDF by its bytes, padded past the resumable threshold. */
function largePdf(bytes: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n');
  const tail = Buffer.from('\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(bytes - head.length - tail.length, 0x20), tail]);
}

const b64 = (text: string) => Buffer.from(text).toString('base64');
const TUS = { 'tus-resumable': '1.0.0' };

async function create(app: App, size: number, { name = 'resume.pdf', kind = 'resume' } = {}) {
  return app.inject({
    method: 'POST',
    url: RESUMABLE_UPLOADS_PATH,
    headers: { ...TUS, 'upload-length': String(size), 'upload-metadata': `filename ${b64(name)},kind ${b64(kind)}` },
  });
}

const patch = (app: App, url: string, offset: number, bytes: Buffer) =>
  app.inject({
    method: 'PATCH',
    url,
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });

const offsetOf = async (app: App, url: string) => {
  const head = await app.inject({ method: 'HEAD', url, headers: TUS });
  return { status: head.statusCode, offset: Number(head.headers['upload-offset']) };
};

/** Sends the file from `offset` in chunks as the browser does; the last answer is the finished upload (or a refusal). */
async function sendFrom(app: App, url: string, file: Buffer, offset = 0) {
  let last;
  for (let at = offset; at < file.length; at += RESUMABLE_CHUNK_BYTES) {
    last = await patch(app, url, at, file.subarray(at, at + RESUMABLE_CHUNK_BYTES));
    if (last.statusCode >= 400) return last;
  }
  return last!;
}

describe.each(databaseKinds)('resumable uploads (tus) on %s', (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off' } });
  });
  afterAll(() => server.close());

  const count = async (table: string) =>
    Number(first(await server.db.query<{ n: string }>(`select count(*) as n from ${table}`), 'a count').n);
  const storedFiles = () => (existsSync(join(server.dataDir, 'uploads')) ? readdirSync(join(server.dataDir, 'uploads')) : []);

  it('takes a file in chunks, checks it once complete, and a registration claims it', async () => {
    const file = largePdf(600_000);
    const created = await create(server.app, file.length, { name: 'Asha Rao CV.pdf' });
    expect(created.statusCode).toBe(201);
    const url = String(created.headers.location);
    expect(url).toMatch(new RegExp(`^${RESUMABLE_UPLOADS_PATH}/[0-9a-f]{32}$`));

    const done = await sendFrom(server.app, url, file);
    expect(done.statusCode).toBe(200);
    const uploaded = done.json();
    expect(uploaded).toEqual({ id: expect.any(String), name: 'Asha Rao CV.pdf', size: file.length, type: 'application/pdf' });
    expect(await count('tus_uploads')).toBe(0);
    expect(await count('tus_upload_parts')).toBe(0);

    const opened = (await openUpload(server.db, server.dataDir, uploaded.id))!;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(file)).toBe(true);

    const claim = await server.app.inject({
      method: 'POST',
      url: '/api/forms/visakhapatnam-registration',
      payload: {
        page: '/franchise/visakhapatnam',
        data: { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', role: 'student', resume: uploaded.id },
        captcha: 'x',
      },
    });
    expect(claim.statusCode).toBe(201);
    const row = first(
      await server.db.query<{ submission_id: string }>('select submission_id from uploads where id = $1', [uploaded.id]),
      'the upload',
    );
    expect(row.submission_id).toBe(claim.json().id);
  });

  it('refuses a file whose bytes are not a document once complete, and keeps none of it', async () => {
    const [uploads, files] = [await count('uploads'), storedFiles()];
    const script = Buffer.concat([Buffer.from('#!/bin/sh\necho pwned\n'), Buffer.alloc(400_000, 0x23)]);
    const url = String((await create(server.app, script.length, { name: 'resume.pdf' })).headers.location);
    const refused = await sendFrom(server.app, url, script);
    expect(refused.statusCode).toBe(400);
    const message = 'Please upload a PDF, DOC or DOCX file.';
    expect(refused.json()).toEqual(errorBody(message, [{ field: 'file', message }]));
    expect(await count('uploads')).toBe(uploads);
    expect(await count('tus_uploads')).toBe(0);
    expect(await count('tus_upload_parts')).toBe(0);
    expect(storedFiles()).toEqual(files);
    expect((await offsetOf(server.app, url)).status).toBe(404);
  });

  it('refuses a file over its kind’s limit, and more bytes than announced, keeping nothing', async () => {
    const tooLarge = await create(server.app, 5 * 1024 * 1024 + 1);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual(
      errorBody('The file is larger than 5 MB.', [{ field: 'file', message: 'The file is larger than 5 MB.' }]),
    );
    const admins = await create(server.app, 300_000, { kind: 'avatar' });
    expect(admins.statusCode).toBe(403);
    expect((await create(server.app, 300_000, { kind: 'blog-cover' })).statusCode).toBe(403);

    const file = largePdf(300_000);
    const url = String((await create(server.app, file.length)).headers.location);
    const over = await patch(server.app, url, 0, Buffer.concat([file, Buffer.alloc(10)]));
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toEqual(expect.any(String));
    await server.app.inject({ method: 'DELETE', url, headers: TUS });
    expect(await count('tus_uploads')).toBe(0);
  });

  it('tells the offset reached before a dropped connection, and the upload goes on from there', async () => {
    const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const file = largePdf(700_000);
      const url = String((await create(server.app, file.length)).headers.location);
      await new Promise<void>((resolve) => {
        const req = httpRequest(`${base}${url}`, {
          method: 'PATCH',
          headers: {
            ...TUS,
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
            'content-length': String(file.length),
          },
        });
        req.on('error', () => resolve());
        req.write(file.subarray(0, 300_000));
        // Give the server time to store what arrived, then drop the connection halfway.
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 500);
      });
      let reached = 0;
      for (let i = 0; i < 50; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const { status, offset } = await offsetOf(server.app, url);
        expect(status).toBe(200);
        if (offset > 0 && offset === reached) break;
        reached = offset;
      }
      expect(reached).toBeGreaterThan(0);
      expect(reached).toBeLessThanOrEqual(300_000);
      const stale = await patch(server.app, url, 0, file.subarray(0, 1000));
      expect(stale.statusCode).toBe(409);
      const done = await sendFrom(server.app, url, file, reached);
      expect(done.statusCode).toBe(200);
      const opened = (await openUpload(server.db, server.dataDir, done.json().id))!;
      const chunks: Buffer[] = [];
      for await (const chunk of opened.stream()) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(file)).toBe(true);
    } finally {
      server.app.server.closeAllConnections();
    }
  });

  it('removes every part of a cancelled upload (DELETE)', async () => {
    const file = largePdf(600_000);
    const url = String((await create(server.app, file.length)).headers.location);
    await patch(server.app, url, 0, file.subarray(0, RESUMABLE_CHUNK_BYTES));
    expect(await count('tus_upload_parts')).toBeGreaterThan(0);
    const cancelled = await server.app.inject({ method: 'DELETE', url, headers: TUS });
    expect(cancelled.statusCode).toBe(204);
    expect(await count('tus_uploads')).toBe(0);
    expect(await count('tus_upload_parts')).toBe(0);
    expect((await offsetOf(server.app, url)).status).toBe(404);
    const again = await patch(server.app, url, RESUMABLE_CHUNK_BYTES, file.subarray(RESUMABLE_CHUNK_BYTES));
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toMatch(/no longer on the server/);
  });

  it('refuses requests from another site and requests that are not tus', async () => {
    const crossSite = await server.app.inject({
      method: 'POST',
      url: RESUMABLE_UPLOADS_PATH,
      headers: { ...TUS, 'upload-length': '300000', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual(errorBody(CROSS_ORIGIN_MESSAGE));
    const file = largePdf(300_000);
    const url = String((await create(server.app, file.length)).headers.location);
    const crossPatch = await server.app.inject({
      method: 'PATCH',
      url,
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', origin: 'https://evil.example' },
      payload: file,
    });
    expect(crossPatch.statusCode).toBe(403);
    // A plain form of another site can send neither the header nor the type.
    const untyped = await server.app.inject({ method: 'POST', url: RESUMABLE_UPLOADS_PATH, headers: { 'upload-length': '300000' } });
    expect(untyped.statusCode).toBe(412);
    const asText = await server.app.inject({
      method: 'PATCH',
      url,
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(asText.statusCode).toBe(415);
    expect(asText.json().errors).toEqual(expect.any(Array));
    expect((await offsetOf(server.app, url)).offset).toBe(0);
  });

  it('removes unfinished uploads past the unclaimed lifetime', async () => {
    const url = String((await create(server.app, 300_000)).headers.location);
    await server.db.query(`update tus_uploads set created_at = now() - interval '1 day'`);
    const expired = await patch(server.app, url, 0, largePdf(300_000));
    expect(expired.statusCode).toBe(410);
    const { DatabaseTusStore } = await import('../../src/server/uploads/tus-store');
    expect(await new DatabaseTusStore(server.db, 120 * 60_000).deleteExpired()).toBeGreaterThan(0);
    expect(await count('tus_uploads')).toBe(0);
  });

  it("the database's housekeeping removes unfinished uploads past the unclaimed lifetime, and leaves younger ones", async () => {
    const old = String((await create(server.app, 300_000)).headers.location);
    expect((await patch(server.app, old, 0, largePdf(300_000).subarray(0, 100_000))).statusCode).toBe(204);
    await server.db.query(`update tus_uploads set created_at = now() - interval '1 day'`);
    const young = String((await create(server.app, 300_000)).headers.location);
    await sweepExpired(server.db, server.dataDir, { unclaimedUploadMinutes: 120 });
    expect(await count('tus_uploads')).toBe(1);
    expect(await count('tus_upload_parts')).toBe(0);
    expect((await offsetOf(server.app, young)).status).toBe(200);
    await server.app.inject({ method: 'DELETE', url: young, headers: TUS });
  });
});

describe.runIf(databaseKinds.includes('postgres' as never))('resumable uploads across processes on PostgreSQL', () => {
  it('an upload started through one instance resumes and completes through another', async () => {
    const one = await startTestServer({ kind: 'postgres', site: false, config: { captcha: 'off' } });
    const { schema } = first(await one.db.query<{ schema: string }>('select current_schema() as schema'), 'the schema');
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const other = mkdtempSync(join(tmpdir(), 'hireframe-test-'));
    const secondDb = await openDatabase({ databaseUrl: url.toString(), dataDir: other });
    const second = await buildApp({ config: testConfig(other, { captcha: 'off' }), db: secondDb, site: false });
    try {
      const file = largePdf(700_000);
      const location = String((await create(one.app, file.length)).headers.location);
      await patch(one.app, location, 0, file.subarray(0, RESUMABLE_CHUNK_BYTES));
      expect(await offsetOf(second, location)).toEqual({ status: 200, offset: RESUMABLE_CHUNK_BYTES });
      const done = await sendFrom(second, location, file, RESUMABLE_CHUNK_BYTES);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ size: file.length, type: 'application/pdf' });
      expect((await one.db.query('select id from uploads where id = $1', [done.json().id])).length).toBe(1);
    } finally {
      await second.close();
      await secondDb.close();
      await one.close();
      rmSync(other, { recursive: true, force: true });
    }
  });
});
