import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Challenge } from 'altcha-lib/types';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { createUser } from '../../src/server/users/store';
import { openDatabase, type Database } from '../../src/server/db/database';
import { sweepExpired } from '../../src/server/housekeeping/sweep-expired';
import { databaseBlobStore } from '../../src/server/uploads/blob-store';
import { testConfig } from '../support/test-server';
import { loginAs } from '../support/sessions';
import { errorBody } from '../../src/server/http/error-reply';
import { first } from '../support/present';

/**
 * Two server processes behind one PostgreSQL, as a load balancer would run them: two apps, each with its own pool,
 * its own data directory and nothing else in common but the database. PGlite is one process by design, so this runs
 * only with TEST_DATABASE_URL.
 */

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(991, 0x20)]);
const PASSWORD = 'correct horse battery';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Instance {
  app: FastifyInstance;
  db: Database;
  dataDir: string;
}

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  let admin: Database;
  let a: Instance;
  let b: Instance;

  async function start(databaseUrl: string): Promise<Instance> {
    const dataDir = mkdtempSync(join(tmpdir(), 'hireframe-scale-'));
    const db = await openDatabase({ databaseUrl, dataDir });
    const config = testConfig(dataDir, {
      databaseUrl,
      captcha: 'altcha',
      formsPerMinute: 3,
      outboxIntervalMs: 0,
      uploadQuotaPerAddressBytes: 2500,
    });
    return { app: await buildApp({ config, db, site: false }), db, dataDir };
  }

  beforeAll(async () => {
    admin = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: tmpdir() });
    await admin.query(`create schema ${schema}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    a = await start(url.toString());
    b = await start(url.toString());
  });
  afterAll(async () => {
    for (const instance of [a, b]) {
      await instance?.app.close();
      await instance?.db.close();
      if (instance) rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.close();
  });

  function upload(instance: Instance, ip: string) {
    const body = new FormData();
    body.append('kind', 'resume');
    body.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'Resume.pdf');
    return instance.app.inject({ method: 'POST', url: '/api/uploads', payload: body, headers: { 'x-forwarded-for': ip } });
  }

  /** What the widget sends for a challenge the given process issued. */
  async function solvedCaptcha(instance: Instance): Promise<string> {
    const challenge = (await instance.app.inject({ method: 'GET', url: '/api/captcha/challenge' })).json() as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('no solution');
    return Buffer.from(
      JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
    ).toString('base64');
  }

  const consultation = (instance: Instance, captcha: string, ip: string) =>
    instance.app.inject({
      method: 'POST',
      url: '/api/forms/consultation',
      headers: { 'x-forwarded-for': ip },
      payload: {
        page: '/it-recruitment',
        data: { name: 'Asha', email: 'asha@example.com', contact: '9876543210', lookingFor: 'Job' },
        captcha,
      },
    });

  const login = (instance: Instance, username: string, password: string, ip: string) =>
    instance.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, headers: { 'x-forwarded-for': ip } });

  it('takes a resume on A, the form that claims it on B, and serves it to an admin on B', async () => {
    const sent = await upload(a, '10.5.0.1');
    expect(sent.statusCode).toBe(201);
    const uploadId = sent.json().id as string;
    const row = first(
      await b.db.query<{ stored_in: string }>('select stored_in from uploads where id = $1', [uploadId]),
      'the upload row on B',
    );
    expect(row.stored_in).toBe('database');
    // Nothing stays on A's disk: the staged file is gone once the bytes are in the database.
    const onDisk = join(a.dataDir, 'uploads');
    expect(existsSync(onDisk) ? readdirSync(onDisk) : []).toEqual([]);

    const registered = await b.app.inject({
      method: 'POST',
      url: '/api/forms/visakhapatnam-registration',
      headers: { 'x-forwarded-for': '10.5.0.1' },
      payload: {
        page: '/franchise/visakhapatnam',
        data: { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', role: 'student', resume: uploadId },
        captcha: await solvedCaptcha(a),
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);

    const { cookies } = await loginAs(b.app, b.db, 'ADMIN');
    for (const instance of [b, a]) {
      const resume = await instance.app.inject({ method: 'GET', url: `/api/leads/${registered.json().id}/resume`, cookies });
      expect(resume.statusCode).toBe(200);
      expect(resume.headers['content-type']).toBe('application/pdf');
      expect(resume.headers['content-disposition']).toContain('Resume.pdf');
      expect(resume.rawPayload.equals(pdf)).toBe(true);
    }
  });

  it('streams a stored file in chunks, and reports a missing one before any byte', async () => {
    const big = randomBytes(700 * 1024);
    await databaseBlobStore(a.db).put('chunked', Readable.from([big]));
    const chunks: Buffer[] = [];
    for await (const chunk of databaseBlobStore(b.db).get('chunked')) chunks.push(chunk as Buffer);
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).equals(big)).toBe(true);
    await databaseBlobStore(b.db).delete('chunked');
    const missing = databaseBlobStore(b.db).get('chunked');
    const outcome = await new Promise((resolve) =>
      missing.once('open', () => resolve('open')).once('error', (error) => resolve((error as { code?: string }).code)),
    );
    expect(outcome).toBe('ENOENT');
  });

  it('removes an expired unclaimed upload with its bytes from whichever process sweeps', async () => {
    const id = (await upload(a, '10.5.0.2')).json().id as string;
    const { stored_name } = first(
      await a.db.query<{ stored_name: string }>('select stored_name from uploads where id = $1', [id]),
      'the upload row on A',
    );
    await a.db.query(`update uploads set expires_at = now() - interval '1 second' where id = $1`, [id]);
    expect((await sweepExpired(b.db, b.dataDir)).uploadsRemoved).toBe(1);
    expect(await a.db.query('select 1 from upload_blobs where stored_name = $1', [stored_name])).toEqual([]);
  });

  it('holds the per-address upload quota over both processes', async () => {
    const statuses = [];
    for (const instance of [a, b, a, b]) statuses.push((await upload(instance, '10.5.0.3')).statusCode);
    expect(statuses).toEqual([201, 201, 429, 429]);
  });

  it('gives a client alternating between A and B the forms rate limit once', async () => {
    const tokens = [await solvedCaptcha(b), await solvedCaptcha(a), await solvedCaptcha(b)];
    // The limit counts per minute: start well inside one.
    const left = 60 - new Date().getSeconds();
    if (left < 15) await sleep(left * 1000 + 500);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await consultation(i % 2 ? b : a, tokens[i] ?? 'spent', '10.5.1.1')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
  });

  it('refuses on B a captcha already spent on A', async () => {
    const token = await solvedCaptcha(b);
    expect((await consultation(a, token, '10.5.2.1')).statusCode).toBe(201);
    const again = await consultation(b, token, '10.5.2.2');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(errorBody('Please verify the captcha', [{ field: 'captcha', message: 'Please verify the captcha' }]));
  });

  it('backs off failed logins over both processes and lets the right password in after the wait', async () => {
    await createUser(a.db, { username: 'shared.user', password: PASSWORD, role: 'BDE' });
    for (let i = 0; i < 5; i++) expect((await login(i % 2 ? b : a, 'shared.user', 'wrong', `10.5.3.${i}`)).statusCode).toBe(401);
    expect((await login(b, 'shared.user', PASSWORD, '10.5.3.9')).statusCode).toBe(429);
    await sleep(1100);
    expect((await login(a, 'shared.user', PASSWORD, '10.5.3.9')).statusCode).toBe(200);

    for (let i = 0; i < 5; i++) expect((await login(i % 2 ? a : b, 'shared.user', 'wrong', `10.5.4.${i}`)).statusCode).toBe(401);
    await sleep(1100);
    // A burst spread over both processes the moment the wait ends still gets one try.
    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => login(i % 2 ? a : b, 'shared.user', 'wrong', `10.5.5.${i}`)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429]);
  });
});
