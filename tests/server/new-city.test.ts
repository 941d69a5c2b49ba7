import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir, startTestServer } from '../support/test-server';
import { copyProject } from '../support/project-copy';

// What marketing staff do to add cities, in a copy of the project: copy surat.json, change its route, city and the
// city's office (a copy that keeps Surat's office is refused). One `npm run build` of that copy serves both checks
// below (a build is the slowest step of the test run).
const work = copyProject('hireframe-city-', [
  'pages',
  'schemas',
  'src',
  'public',
  'scripts',
  'index.html',
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
]);
const workDist = join(work, 'dist');
const TOWNS = 200;
type CityPage = {
  route: string;
  city: { state: string; office: Record<string, string> };
  blocks: { heading: string }[];
  meta: { title: string };
};
let pune: CityPage;

/** A city's own office, in its own state. */
function ownOffice(page: CityPage, name: string, state: string, street: string, postalCode: string) {
  page.city.state = state;
  page.city.office = { street, city: name, state, postalCode, country: 'India' };
}

beforeAll(() => {
  const surat = readFileSync(join(work, 'pages/franchise/surat.json'), 'utf8');
  pune = JSON.parse(surat.replaceAll('Surat', 'Pune'));
  pune.route = '/franchise/pune';
  ownOffice(pune, 'Pune', 'Maharashtra', '3rd Floor, Tower B, Baner Road', '411045');
  writeFileSync(join(work, 'pages/franchise/pune.json'), JSON.stringify(pune, null, 2));
  for (let i = 0; i < TOWNS; i++) {
    const city = JSON.parse(surat.replaceAll('Surat', `Town ${i}`)) as CityPage;
    city.route = `/franchise/town-${i}`;
    ownOffice(city, `Town ${i}`, 'Gujarat', `Shop ${i + 1}, Station Road`, String(391000 + i));
    writeFileSync(join(work, `pages/franchise/town-${i}.json`), JSON.stringify(city, null, 2));
  }
  // As a person runs it: Vitest's NODE_ENV=test would build React's development runtime.
  const { NODE_ENV: _testing, ...env } = process.env;
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: work, env, stdio: 'pipe' });
}, 240_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('adding a city is one JSON file', () => {
  it('builds and serves a copy of surat.json with a new route and name, with no change in src/', async () => {
    const { app, close } = await startTestServer({ config: { distDir: workDist } });
    try {
      const response = await app.inject({ method: 'GET', url: '/franchise/pune' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(pune.blocks[0]!.heading);
      expect(response.body).toContain(`<title>${pune.meta.title.replace('{brand}', 'Hireframe')}</title>`);
      expect(response.body).not.toContain('Surat');
    } finally {
      await close();
    }
  });
});

/** A build's two entry scripts: the app's (app routes) and the island loader (public pages), with their sizes. */
function entryScripts(dist: string) {
  const manifest = JSON.parse(readFileSync(join(dist, 'client/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  return ['index.html', 'src/islands/island-loader.ts'].map((entry) => {
    const src = manifest[entry]?.file;
    if (!src) throw new Error(`the build has no entry ${entry}`);
    return { src, bytes: statSync(join(dist, 'client', src)).size, text: readFileSync(join(dist, 'client', src), 'utf8') };
  });
}

describe('what a visitor downloads does not grow with the pages', () => {
  it(`builds ${TOWNS} more city pages with the same entry scripts, each page carrying its own document`, () => {
    // The project's own build (npm test builds before the tests run) is the same sources without the new cities.
    const before = entryScripts(distDir);
    const after = entryScripts(workDist);
    for (const [i, script] of after.entries()) {
      expect(script.bytes).toBe(before[i]!.bytes);
      expect(script.src).toBe(before[i]!.src);
      expect(script.text).not.toContain('/franchise/town-');
    }
    // A public page names the island loader and carries its own content in its HTML.
    const html = readFileSync(join(workDist, 'pages/franchise/town-17.html'), 'utf8');
    expect(html).toContain(`src="/${after[1]!.src}"`);
    expect(html).toContain('Town 17');
    const data = JSON.parse(readFileSync(join(workDist, 'page-data/franchise/town-17.json'), 'utf8'));
    expect(data).toMatchObject({ route: '/franchise/town-17', city: { name: 'Town 17' } });
    // No page of its own in the client's assets: a page is data, not code.
    expect(existsSync(join(workDist, 'client/page-data'))).toBe(false);
    expect(readFileSync(join(workDist, 'client/.vite/manifest.json'), 'utf8')).not.toContain('town-17');
  });
});
