import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../../src/server/housekeeping/sweep-expired';
import { cleanUploadName } from '../../src/server/uploads/upload-name';
import { databaseKinds, startTestServer } from '../support/test-server';
import { errorBody } from '../../src/server/http/error-reply';
import { first } from '../support/present';
import { RESUMABLE_UPLOADS_PATH } from '../../src/shared/api/resumable-uploads';

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** A 1000-byte PDF: the quotas below are counted in these. */
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(991, 0x20)]);

function form(name = 'resume.pdf'): FormData {
  const body = new FormData();
  body.append('kind', 'resume');
  body.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
  return body;
}

describe('upload names', () => {
  it('lose bidi controls, so a name cannot show staff a different extension', () => {
    expect(cleanUploadName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    const every = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
    expect(cleanUploadName(`a${every}b.pdf`)).toBe('ab.pdf');
    expect(cleanUploadName(every)).toBe('upload');
    // Letters of right-to-left scripts are kept: only the invisible controls go.
    expect(cleanUploadName('سيرة.pdf')).toBe('سيرة.pdf');
  });
});

describe.each(databaseKinds)('unclaimed upload quotas on %s', (kind) => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({
      kind,
      site: false,
      // Room for two uploads per address and six in all.
      config: {
        captcha: 'off',
        outboxIntervalMs: 0,
        formsPerMinute: 1000,
        uploadQuotaPerAddressBytes: 2500,
        uploadQuotaTotalBytes: 6500,
        unclaimedUploadMinutes: 90,
      },
    });
  });
  afterAll(() => server.close());

  const upload = (ip: string, name?: string) =>
    server.app.inject({ method: 'POST', url: '/api/uploads', payload: form(name), headers: { 'x-forwarded-for': ip } });
  const storedFiles = () => (existsSync(join(server.dataDir, 'uploads')) ? readdirSync(join(server.dataDir, 'uploads')) : []);
  const rowCount = async () => first(await server.db.query<{ n: number }>('select count(*)::int as n from uploads'), 'a count row').n;
  const clearUploads = async () => {
    await server.db.query("update uploads set expires_at = now() - interval '1 second'");
    await sweepExpired(server.db, server.dataDir);
  };

  it('keeps an upload for the configured unclaimed lifetime and records who sent it', async () => {
    const response = await upload('10.1.0.1');
    expect(response.statusCode).toBe(201);
    const [row] = await server.db.query<{ client_ip: string; minutes: number }>(
      `select client_ip, round(extract(epoch from expires_at - created_at) / 60)::int as minutes from uploads where id = $1`,
      [response.json().id],
    );
    expect(row).toEqual({ client_ip: '10.1.0.1', minutes: 90 });
    await clearUploads();
  });

  it('answers 429 with Retry-After once one address holds its quota, and stores nothing more', async () => {
    expect((await upload('10.1.0.2')).statusCode).toBe(201);
    expect((await upload('10.1.0.2')).statusCode).toBe(201);
    const [rows, files] = [await rowCount(), storedFiles()];
    const refused = await upload('10.1.0.2');
    expect(refused.statusCode).toBe(429);
    const quotaMessage = expect.stringMatching(/no form has used yet.*try again in 90 minutes/);
    expect(refused.json()).toEqual({ error: quotaMessage, errors: [{ field: 'file', message: quotaMessage }] });
    // The first of this address's uploads expires in 90 minutes, and with it room for one more.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(89 * 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(90 * 60);
    expect(await rowCount()).toBe(rows);
    expect(storedFiles()).toEqual(files);
    // Another address is not held back by this one.
    expect((await upload('10.1.0.3')).statusCode).toBe(201);
    await clearUploads();
  });

  it('counts resumable uploads in flight from their first request, and frees their room when cancelled', async () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const start = (ip: string) =>
      server.app.inject({
        method: 'POST',
        url: RESUMABLE_UPLOADS_PATH,
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': '1200',
          'upload-metadata': `filename ${b64('resume.pdf')},kind ${b64('resume')}`,
          'x-forwarded-for': ip,
        },
      });
    // Two announced uploads of 1,200 bytes hold this address's 2,500 before a byte of either has arrived.
    const started = [await start('10.1.0.9'), await start('10.1.0.9')];
    expect(started.map((r) => r.statusCode)).toEqual([201, 201]);
    const third = await start('10.1.0.9');
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toMatch(/no form has used yet/);
    expect((await upload('10.1.0.9')).statusCode).toBe(429);
    // Another address still has its own room.
    const other = await start('10.1.0.10');
    expect(other.statusCode).toBe(201);
    // A cancelled upload gives its room back.
    const cancel = (location: string | string[] | undefined) =>
      server.app.inject({ method: 'DELETE', url: String(location), headers: { 'tus-resumable': '1.0.0', 'x-forwarded-for': '10.1.0.9' } });
    expect((await cancel(started[0]?.headers.location)).statusCode).toBe(204);
    expect((await upload('10.1.0.9')).statusCode).toBe(201);
    for (const response of [started[1], other]) await cancel(response?.headers.location);
    await clearUploads();
  });

  it('frees the quota as a form claims an upload, or as unclaimed ones expire', async () => {
    const first = (await upload('10.1.0.4')).json().id as string;
    expect((await upload('10.1.0.4')).statusCode).toBe(201);
    expect((await upload('10.1.0.4')).statusCode).toBe(429);

    const registered = await server.app.inject({
      method: 'POST',
      url: '/api/forms/visakhapatnam-registration',
      headers: { 'x-forwarded-for': '10.1.0.4' },
      payload: {
        page: '/franchise/visakhapatnam',
        data: { name: 'Asha', email: 'asha@example.com', phone: '9876543210', role: 'student', resume: first },
        captcha: 'x',
      },
    });
    expect(registered.statusCode).toBe(201);
    const third = await upload('10.1.0.4');
    expect(third.statusCode).toBe(201);
    expect((await upload('10.1.0.4')).statusCode).toBe(429);

    await server.db.query(`update uploads set expires_at = now() - interval '1 second' where id = $1`, [third.json().id]);
    expect((await upload('10.1.0.4')).statusCode).toBe(201);
    await clearUploads();
  });

  it('answers 507 once unclaimed uploads from everyone fill the global quota', async () => {
    for (const ip of ['10.1.1.1', '10.1.1.2', '10.1.1.3']) for (let i = 0; i < 2; i++) expect((await upload(ip)).statusCode).toBe(201);
    const full = await upload('10.1.1.4');
    expect(full.statusCode).toBe(507);
    expect(full.json()).toEqual(
      errorBody('We cannot accept files right now. Please try again later.', [
        { field: 'file', message: 'We cannot accept files right now. Please try again later.' },
      ]),
    );
    await clearUploads();
    expect((await upload('10.1.1.4')).statusCode).toBe(201);
    await clearUploads();
  });

  it('holds the quota when one address sends many uploads at once', async () => {
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => upload('10.1.2.1')))).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 429, 429, 429, 429]);
    await clearUploads();
  });

  it('stores the name without bidi controls', async () => {
    const response = await upload('10.1.3.1', 'resume\u202Efdp.exe');
    expect(response.json().name).toBe('resumefdp.exe');
    const row = first(
      await server.db.query<{ original_name: string }>('select original_name from uploads where id = $1', [response.json().id]),
      'the stored upload',
    );
    expect(row.original_name).toBe('resumefdp.exe');
    await clearUploads();
  });

  it('housekeeping removes expired unclaimed uploads with their files and keeps the rest', async () => {
    const expired = (await upload('10.1.4.1')).json().id as string;
    const fresh = (await upload('10.1.4.2')).json().id as string;
    const nameOf = async (id: string) =>
      (await server.db.query<{ stored_name: string }>('select stored_name from uploads where id = $1', [id]))[0]?.stored_name;
    const expiredFile = join(server.dataDir, 'uploads', (await nameOf(expired))!);
    expect(existsSync(expiredFile)).toBe(true);
    await server.db.query(`update uploads set expires_at = now() - interval '1 second' where id = $1`, [expired]);
    expect(await sweepExpired(server.db, server.dataDir)).toEqual({ uploadsRemoved: 1 });
    expect(await nameOf(expired)).toBeUndefined();
    expect(existsSync(expiredFile)).toBe(false);
    expect(existsSync(join(server.dataDir, 'uploads', (await nameOf(fresh))!))).toBe(true);
    await clearUploads();
  });
});
