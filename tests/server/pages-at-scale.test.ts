import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'hireframe-scale-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const run = (command: string, ...args: string[]) => execFileSync(command, args, { cwd: work, stdio: 'pipe' });
const viteBuild = () => run('npx', 'vite', 'build', '--logLevel', 'error');

/** The main script the built pages load, and its size in bytes. */
function mainScript() {
  const src = /<script type="module"[^>]* src="\/(assets\/[^"]+\.js)"/.exec(
    readFileSync(join(work, 'dist/client/index.html'), 'utf8'),
  )?.[1];
  if (!src) throw new Error('dist/client/index.html names no main script');
  return { src, bytes: statSync(join(work, 'dist/client', src)).size, text: readFileSync(join(work, 'dist/client', src), 'utf8') };
}

describe('what a visitor downloads does not grow with the pages', () => {
  it('builds 200 more city pages with the same main script, each page carrying its own document', async () => {
    for (const entry of ['pages', 'schemas', 'src', 'public', 'scripts', 'index.html', 'package.json', 'tsconfig.json', 'vite.config.ts']) {
      cpSync(join(root, entry), join(work, entry), { recursive: true });
    }
    symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'));
    viteBuild();
    const before = mainScript();

    const surat = readFileSync(join(work, 'pages/franchise/surat.json'), 'utf8');
    for (let i = 0; i < 200; i++) {
      const city = JSON.parse(surat.replaceAll('Surat', `Town ${i}`));
      city.route = `/franchise/town-${i}`;
      writeFileSync(join(work, `pages/franchise/town-${i}.json`), JSON.stringify(city, null, 2));
    }
    viteBuild();
    const after = mainScript();
    expect(after.bytes).toBe(before.bytes);
    expect(after.src).toBe(before.src);
    expect(after.text).not.toContain('/franchise/town-');

    run('npx', 'vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist/server', '--logLevel', 'error');
    run('npx', 'tsx', 'scripts/prerender.ts');
    const html = readFileSync(join(work, 'dist/pages/franchise/town-17.html'), 'utf8');
    expect(html).toContain(`src="/${after.src}"`);
    const embedded = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(embedded ?? 'null')).toMatchObject({ route: '/franchise/town-17', city: 'Town 17' });
    const data = JSON.parse(readFileSync(join(work, 'dist/page-data/franchise/town-17.json'), 'utf8'));
    expect(data).toEqual(JSON.parse(embedded ?? 'null'));
    // No page of its own in the client's assets: a page is data, not code.
    expect(existsSync(join(work, 'dist/client/page-data'))).toBe(false);
    expect(readFileSync(join(work, 'dist/client/.vite/manifest.json'), 'utf8')).not.toContain('town-17');
  }, 240_000);
});
