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

/** The build's two entry scripts: the app's (app routes) and the island loader (public pages), with their sizes. */
function entryScripts() {
  const manifest = JSON.parse(readFileSync(join(work, 'dist/client/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  return ['index.html', 'src/islands/island-loader.ts'].map((entry) => {
    const src = manifest[entry]?.file;
    if (!src) throw new Error(`the build has no entry ${entry}`);
    return { src, bytes: statSync(join(work, 'dist/client', src)).size, text: readFileSync(join(work, 'dist/client', src), 'utf8') };
  });
}

describe('what a visitor downloads does not grow with the pages', () => {
  it('builds 200 more city pages with the same entry scripts, each page carrying its own document', async () => {
    for (const entry of ['pages', 'schemas', 'src', 'public', 'scripts', 'index.html', 'package.json', 'tsconfig.json', 'vite.config.ts']) {
      cpSync(join(root, entry), join(work, entry), { recursive: true });
    }
    symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'));
    viteBuild();
    const before = entryScripts();

    const surat = readFileSync(join(work, 'pages/franchise/surat.json'), 'utf8');
    for (let i = 0; i < 200; i++) {
      const city = JSON.parse(surat.replaceAll('Surat', `Town ${i}`));
      city.route = `/franchise/town-${i}`;
      writeFileSync(join(work, `pages/franchise/town-${i}.json`), JSON.stringify(city, null, 2));
    }
    viteBuild();
    const after = entryScripts();
    for (const [i, script] of after.entries()) {
      expect(script.bytes).toBe(before[i]!.bytes);
      expect(script.src).toBe(before[i]!.src);
      expect(script.text).not.toContain('/franchise/town-');
    }

    run('npx', 'vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist/server', '--logLevel', 'error');
    run('npx', 'tsx', 'scripts/prerender.ts');
    // A public page names the island loader and carries its own content in its HTML.
    const html = readFileSync(join(work, 'dist/pages/franchise/town-17.html'), 'utf8');
    expect(html).toContain(`src="/${after[1]!.src}"`);
    expect(html).toContain('Town 17');
    const data = JSON.parse(readFileSync(join(work, 'dist/page-data/franchise/town-17.json'), 'utf8'));
    expect(data).toMatchObject({ route: '/franchise/town-17', city: { name: 'Town 17' } });
    // No page of its own in the client's assets: a page is data, not code.
    expect(existsSync(join(work, 'dist/client/page-data'))).toBe(false);
    expect(readFileSync(join(work, 'dist/client/.vite/manifest.json'), 'utf8')).not.toContain('town-17');
  }, 240_000);
});
