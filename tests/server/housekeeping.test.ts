import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../../src/server/housekeeping/sweep-expired';
import { databaseKinds, startTestServer } from '../support/test-server';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe.each(databaseKinds)('housekeeping on %s', (kind) => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ kind, site: false, config: { captcha: 'off', outboxIntervalMs: 0, formsPerMinute: 1000 } });
  });
  afterAll(() => server.close());

  async function upload() {
    const body = new FormData();
    body.append('kind', 'resume');
    body.append('file', new Blob([pdf], { type: 'application/pdf' }), 'resume.pdf');
    const response = await server.app.inject({ method: 'POST', url: '/api/uploads', payload: body });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  }
  const fileOf = async (id: string) => {
    const [row] = await server.db.query<{ stored_name: string }>('select stored_name from uploads where id = $1', [id]);
    return row ? join(server.dataDir, 'uploads', row.stored_name) : null;
  };

  it('removes uploads nobody claimed within their lifetime, with their files, and keeps claimed ones', async () => {
    const kept = await upload();
    const abandoned = await upload();
    const fresh = await upload();
    const registered = await server.app.inject({
      method: 'POST',
      url: '/api/forms/visakhapatnam-registration',
      payload: {
        page: '/franchise/visakhapatnam',
        data: { name: 'Asha', email: 'asha@example.com', phone: '9876543210', role: 'student', resume: kept },
        captcha: 'x',
      },
    });
    expect(registered.statusCode).toBe(201);
    const abandonedFile = (await fileOf(abandoned))!;
    await server.db.query(
      `update uploads set created_at = now() - interval '3 hours', expires_at = now() - interval '1 hour' where id in ($1, $2)`,
      [kept, abandoned],
    );
    await server.db.query(
      `insert into captcha_spent (signature, expires_at) values ('old', now() - interval '1 hour'), ('live', now() + interval '1 hour')`,
    );

    const { uploadsRemoved } = await sweepExpired(server.db, server.dataDir);

    expect(uploadsRemoved).toBe(1);
    expect(await fileOf(abandoned)).toBeNull();
    expect(existsSync(abandonedFile)).toBe(false);
    expect(existsSync((await fileOf(kept))!)).toBe(true);
    expect(existsSync((await fileOf(fresh))!)).toBe(true);
    const spent = await server.db.query<{ signature: string }>('select signature from captcha_spent order by signature');
    expect(spent.map((s) => s.signature)).toEqual(['live']);
  });
});
