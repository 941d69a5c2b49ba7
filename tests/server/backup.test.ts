import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { runScript, startServerProcess, within } from '../support/server-process';
import { first } from '../support/present';

const work = mkdtempSync(join(tmpdir(), 'hireframe-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const pdf = (n: number) => Buffer.from(`%PDF-1.4\nresume ${n}\n${'x'.repeat(2000 + n)}\n%%EOF\n`);

describe('npm run backup and restore of the embedded database', () => {
  it('backs up under load while the server runs: every acknowledged row and upload is in the restored copy', async () => {
    const dataDir = join(work, 'live');
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      CAPTCHA: 'off',
      TRUST_PROXY: 'true',
      FORMS_PER_MINUTE: '100000',
      OUTBOX_INTERVAL_MS: '0',
    });
    try {
      await within(
        (async () => {
          while (!existsSync(join(dataDir, 'control.sock'))) await new Promise((resolve) => setTimeout(resolve, 50));
        })(),
        10_000,
        'the control socket',
      );
      expect(statSync(join(dataDir, 'control.sock')).mode & 0o777).toBe(0o600);

      // The server holds the database: the account is made through it.
      const created = await runScript('create-user.ts', ['--username', 'asha', '--password', 'a long password', '--role', 'ADMIN'], {
        DATA_DIR: dataDir,
      });
      expect(created.stdout).toContain('through the running server');
      expect(created.code).toBe(0);

      let running = true;
      const submissions: { id: string; at: number }[] = [];
      const uploads: { id: string; at: number; bytes: Buffer }[] = [];
      let sent = 0;
      const client = () => `10.0.${Math.floor(sent / 250)}.${sent++ % 250}`;
      const submit = async () => {
        while (running) {
          const n = sent;
          const response = await fetch(`${server.url}/api/forms/consultation`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': client() },
            body: JSON.stringify({
              page: '/it-recruitment',
              captcha: 'x',
              data: { name: `Visitor ${n}`, email: `v${n}@example.com`, contact: '9876543210', lookingFor: 'Candidate' },
            }),
          });
          if (response.status === 201) submissions.push({ id: (await response.json()).id, at: Date.now() });
          else await response.body?.cancel();
        }
      };
      const upload = async () => {
        while (running) {
          const bytes = pdf(sent);
          const form = new FormData();
          form.set('kind', 'resume');
          form.set('file', new Blob([bytes], { type: 'application/pdf' }), 'cv.pdf');
          const response = await fetch(`${server.url}/api/uploads`, {
            method: 'POST',
            body: form,
            headers: { 'x-forwarded-for': client() },
          });
          if (response.status === 201) uploads.push({ id: (await response.json()).id, at: Date.now(), bytes });
          else await response.body?.cancel();
        }
      };
      const load = Promise.all([submit(), submit(), submit(), upload()]);
      await within(
        (async () => {
          while (submissions.length < 10 || uploads.length < 3) await new Promise((resolve) => setTimeout(resolve, 50));
        })(),
        30_000,
        'the first acknowledgements',
      );

      const began = Date.now();
      const file = join(work, 'live.tar.gz');
      const backup = await runScript('backup.ts', [file], { DATA_DIR: dataDir });
      const ended = Date.now();
      const acknowledgedDuring = submissions.filter((s) => s.at > began).length;
      running = false;
      await load;
      expect(backup.stderr).toBe('');
      expect(backup.stdout).toMatch(/Backed up .* through the running server to .*live\.tar\.gz/);
      expect(backup.code).toBe(0);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // The load went on while the backup was made.
      expect(acknowledgedDuring).toBeGreaterThan(0);
      expect(ended).toBeGreaterThan(began);

      const refusedLive = await runScript('restore.ts', [file], { DATA_DIR: dataDir });
      expect(refusedLive.code).toBe(2);
      expect(refusedLive.stderr).toContain('A server is running on');

      server.child.kill('SIGTERM');
      expect(await within(server.exited, 30_000, 'server exit')).toBe(0);

      const refusedFull = await runScript('restore.ts', [file], { DATA_DIR: dataDir });
      expect(refusedFull.code).toBe(2);
      expect(refusedFull.stderr).toMatch(/is not empty: restore goes into an empty DATA_DIR/);

      const restoredDir = join(work, 'restored');
      const restored = await runScript('restore.ts', [file], { DATA_DIR: restoredDir });
      expect(restored.stderr).toBe('');
      expect(restored.stdout).toContain(`into ${restoredDir}`);
      expect(restored.code).toBe(0);

      const before = { submissions: submissions.filter((s) => s.at < began), uploads: uploads.filter((u) => u.at < began) };
      const db = await openDatabase({ dataDir: restoredDir });
      try {
        const ids = before.submissions.map((s) => s.id);
        const { n } = first(
          await db.query<{ n: number }>('select count(*)::int as n from submissions where id = any($1::uuid[])', [ids]),
          'a count row',
        );
        expect(n).toBe(ids.length);
        const rows = await db.query<{ id: string; stored_name: string; size_bytes: number }>(
          'select id, stored_name, size_bytes from uploads where id = any($1::uuid[])',
          [before.uploads.map((u) => u.id)],
        );
        expect(rows).toHaveLength(before.uploads.length);
        for (const row of rows) {
          const bytes = before.uploads.find((u) => u.id === row.id)!.bytes;
          expect(readFileSync(join(restoredDir, 'uploads', row.stored_name)).equals(bytes)).toBe(true);
        }
        expect(await db.query('select role from users where username = $1', ['asha'])).toEqual([{ role: 'ADMIN' }]);
      } finally {
        await db.close();
      }

      // No server on the restored copy: the backup opens the directory itself.
      const direct = await runScript('backup.ts', [join(work, 'restored.tar.gz')], { DATA_DIR: restoredDir });
      expect(direct.stdout).toMatch(/Backed up .* directly to/);
      expect(direct.code).toBe(0);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 240_000);

  it('refuses a damaged file before it writes anything', async () => {
    const damaged = join(work, 'damaged.tar.gz');
    const dataDir = join(work, 'never');
    await import('node:fs/promises').then((fs) => fs.writeFile(damaged, Buffer.from('not a backup')));
    const refused = await runScript('restore.ts', [damaged], { DATA_DIR: dataDir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('cannot be restored');
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
  }, 60_000);
});
