import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/users/store';
import { openDatabase, type Database } from '../../src/server/db/database';
import { startServerProcess, type ServerProcess } from '../support/server-process';

/**
 * Two real server processes, as npm start runs them behind a load balancer, sharing nothing but one PostgreSQL
 * database: what one accepts, the other serves.
 */

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1500, 0x20)]);
const PASSWORD = 'correct horse battery';

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const dataDirs: string[] = [];
  let admin: Database;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    admin = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: tmpdir() });
    await admin.query(`create schema ${schema}`);
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.searchParams.set('options', `-c search_path=${schema}`);
    const start = () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'hireframe-process-'));
      dataDirs.push(dataDir);
      return startServerProcess({
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        CAPTCHA: 'off',
        OUTBOX_INTERVAL_MS: '0',
      });
    };
    // One after the other: the first applies the migrations.
    a = await start();
    b = await start();
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir() });
    await createUser(db, { username: 'asha.admin', password: PASSWORD, role: 'ADMIN' });
    await db.close();
  }, 120_000);

  afterAll(async () => {
    for (const server of [a, b]) {
      server?.child.kill('SIGTERM');
      await server?.exited;
    }
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.close();
  }, 60_000);

  it('takes a resume on A, the registration that claims it on B, and serves it to an admin on B', async () => {
    const file = new FormData();
    file.append('kind', 'resume');
    file.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'Resume.pdf');
    const uploaded = await fetch(`${a.url}/api/uploads`, { method: 'POST', body: file });
    expect(uploaded.status).toBe(201);
    const { id: uploadId } = (await uploaded.json()) as { id: string };

    const registered = await fetch(`${b.url}/api/forms/visakhapatnam-registration`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        page: '/franchise/visakhapatnam',
        data: { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', role: 'student', resume: uploadId },
      }),
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
    const { id: leadId } = (await registered.json()) as { id: string };

    const login = await fetch(`${b.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'asha.admin', password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const session =
      login.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith('jwt_token='))
        ?.split(';')[0] ?? '';

    for (const server of [b, a]) {
      const resume = await fetch(`${server.url}/api/leads/${leadId}/resume`, { headers: { cookie: session } });
      expect(resume.status).toBe(200);
      expect(resume.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await resume.arrayBuffer()).equals(pdf)).toBe(true);
    }
  }, 60_000);
});
