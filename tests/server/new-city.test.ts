import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir, startTestServer } from '../support/test-server';
import { copyProject } from '../support/project-copy';

// What marketing staff do to add a city, in a copy of the project: write the city's facts in one small file, naming the
// template its page is made from. One `npm run build` of that copy serves both checks below (a build is the slowest
// step of the test run).
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

/** A city's facts file, as a person writes it: its office in its own state, how to reach it, its hours. */
const factsFile = (slug: string, name: string, state: string, street: string, postalCode: string, phone: string) => `{
  "$schema": "../../schemas/city-page.json",
  "version": 3,
  "template": "city-lead-form",
  "route": "/franchise/${slug}",
  "city": {
    "name": "${name}",
    "state": "${state}",
    "language": "hi",
    "office": {
      "street": "${street}",
      "city": "${name}",
      "state": "${state}",
      "postalCode": "${postalCode}",
      "country": "India"
    },
    "phone": "${phone}",
    "whatsapp": "${phone}",
    "email": "${slug.replace(/-/g, '')}@hireframe.example",
    "officeHours": [
      { "days": "Monday-Saturday", "hours": "9:30 AM-6:30 PM" },
      { "days": "Sunday", "hours": "Closed" }
    ]
  },
  "figures": [{ "value": "120+", "label": "Placements", "icon": "user-check" }]
}
`;
const pune = factsFile('pune', 'Pune', 'Maharashtra', '3rd Floor, Tower B, Baner Road', '411045', '+91 20 4567 8901');

beforeAll(() => {
  writeFileSync(join(work, 'pages/franchise/pune.json'), pune);
  for (let i = 0; i < TOWNS; i++) {
    const phone = `+91 98${String(i).padStart(8, '0')}`;
    const town = factsFile(`town-${i}`, `Town ${i}`, 'Gujarat', `Shop ${i + 1}, Station Road`, String(391000 + i), phone);
    writeFileSync(join(work, `pages/franchise/town-${i}.json`), town);
  }
  // As a person runs it: Vitest's NODE_ENV=test would build React's development runtime.
  const { NODE_ENV: _testing, ...env } = process.env;
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: work, env, stdio: 'pipe' });
}, 240_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('adding a city is one small file of its facts', () => {
  it("validates, builds and serves a page of 40 lines or fewer, with the template's words and only the city's own facts", async () => {
    expect(pune.trimEnd().split('\n').length).toBeLessThanOrEqual(40);
    const validate = spawnSync('npm', ['run', '--silent', 'validate'], { cwd: work, encoding: 'utf8' });
    expect(validate.status, validate.stdout + validate.stderr).toBe(0);
    const { app, close } = await startTestServer({ config: { distDir: workDist } });
    try {
      const response = await app.inject({ method: 'GET', url: '/franchise/pune' });
      expect(response.statusCode).toBe(200);
      const text = response.body.replace(/<[^>]+>/g, ' ');
      expect(text).toContain('Jobs, Campus Hiring and Skilled Talent in Pune');
      expect(response.body).toContain('<title>Jobs, Campus Hiring and Recruitment in Pune | Hireframe</title>');
      expect(text).toContain('3rd Floor, Tower B, Baner Road');
      expect(response.body).toContain('href="tel:+912045678901"');
      // Its own figure; none of Surat's, no events it does not have, and no button to them (the footer names every city).
      expect(text).toContain('120+');
      const content = text.slice(0, text.indexOf('Our City Offices'));
      expect(content).not.toMatch(/Surat|500\+|Job Fair|Upcoming Events/);
      // Findable: the page links to Pune's jobs, /franchise lists it, and Job Openings offers it as a city.
      expect(response.body).toContain('href="/job-openings?location=Pune"');
      const franchise = await app.inject({ method: 'GET', url: '/franchise' });
      expect(franchise.body).toMatch(/<a href="\/franchise\/pune"[^>]*>Pune<\/a>/);
      expect(franchise.body).toContain('<a href="/franchise/surat"');
      const openings = await app.inject({ method: 'GET', url: '/job-openings' });
      expect(openings.body).toMatch(/<nav class="job-city-chips"[^]*>Pune<\/button>[^]*<\/nav>/);
      // Every page's footer links to it, the build's pages and the server's app routes alike.
      const inFooter = /<nav aria-label="City offices"[^>]*>(?:(?!<\/nav>)[^])*<a href="\/franchise\/pune">Pune, Maharashtra<\/a>/;
      expect(response.body).toMatch(inFooter);
      expect(openings.body).toMatch(inFooter);
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
