import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/test-server';

const root = new URL('../..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'hireframe-city-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('adding a city is one JSON file', () => {
  it('builds and serves a copy of surat.json with a new route and name, with no change in src/', async () => {
    for (const entry of ['pages', 'schemas', 'src', 'public', 'scripts', 'index.html', 'package.json', 'tsconfig.json', 'vite.config.ts']) {
      cpSync(join(root, entry), join(work, entry), { recursive: true });
    }
    symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'));

    // What marketing staff do: copy the file, change route and city.
    const surat = JSON.parse(readFileSync(join(work, 'pages/franchise/surat.json'), 'utf8'));
    const pune = JSON.parse(JSON.stringify(surat).replaceAll('Surat', 'Pune'));
    pune.route = '/franchise/pune';
    writeFileSync(join(work, 'pages/franchise/pune.json'), JSON.stringify(pune, null, 2));

    execFileSync('npm', ['run', 'build', '--silent'], { cwd: work, stdio: 'pipe' });
    const { app, close } = await startTestServer({ config: { distDir: join(work, 'dist') } });
    try {
      const response = await app.inject({ method: 'GET', url: '/franchise/pune' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(pune.blocks[0].heading);
      expect(response.body).toContain(`<title>${pune.meta.title.replace('{brand}', 'Hireframe')}</title>`);
      expect(response.body).not.toContain('Surat');
    } finally {
      await close();
    }
  }, 180_000);
});
