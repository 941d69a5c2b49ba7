// Table 1 of npm run bench:scale: what the number of pages costs the build, the browser's main script and the server.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { measured, percentile, progress, reasonOf, type Figure } from './bench-scale-figures';
import { newCityFacts } from '../../src/shared/city-page';
import { buildSteps, rssMb, startServer, stopServer, timeCommand, type ProjectCopy, type ProjectModules } from './bench-scale-project';

export interface PageFigures {
  pages: number;
  validate: Figure;
  build: Figure;
  prerender: Figure;
  mainScript: Figure;
  start: Figure;
  rss: Figure;
}

/** Page documents: every JSON of pages/ but the forms, the city templates, site.json and the lead routing. */
export function countPages(tree: string): number {
  const files = readdirSync(join(tree, 'pages'), { recursive: true, encoding: 'utf8' });
  const notPages = ['site.json', 'lead-routing.json'];
  return files.filter((file) => file.endsWith('.json') && !/^(forms|templates)\//.test(file) && !notPages.includes(file)).length;
}

/**
 * Adds city pages franchise/city-0001 … as npm run new-page makes them: the lead form template and each city's own
 * facts.
 */
export function addCityPages(tree: string, count: number) {
  const width = Math.max(4, String(count).length);
  for (let i = 1; i <= count; i++) {
    const number = String(i).padStart(width, '0');
    const name = `City ${number}`;
    // Each its own office, as New city asks for: a copy of Surat's is refused.
    const office = {
      street: `Office ${number}, Station Road`,
      city: name,
      state: 'Gujarat',
      postalCode: `39${String(i % 10_000).padStart(4, '0')}`,
      country: 'India',
    };
    const page = newCityFacts('city-lead-form', `/franchise/city-${number}`, { name, state: 'Gujarat', office });
    writeFileSync(join(tree, `pages/franchise/city-${number}.json`), `${JSON.stringify(page, null, 2)}\n`);
  }
}

/** The gzipped size of the script index.html loads (the Vite manifest's entry if the page names none). */
export function mainScriptBytes(tree: string): number {
  const client = join(tree, 'dist/client');
  const html = readFileSync(join(client, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(client, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  const file =
    /<script\b[^>]*\btype="module"[^>]*\bsrc="\/?([^"]+\.js)"/.exec(html)?.[1] ??
    Object.values(manifest).find((entry) => entry.isEntry)?.file;
  if (!file) throw new Error('neither index.html nor the Vite manifest names an entry script');
  return gzipSync(readFileSync(join(client, file)), { level: 9 }).length;
}

/** npm run build step by step: its total time and its prerender step's. */
async function timeBuild(tree: string, timeoutMs: number): Promise<{ build: Figure; prerender: Figure }> {
  let total = 0;
  let prerender: Figure = { na: 'the build has no prerender step' };
  for (const step of buildSteps(tree)) {
    const ms = await timeCommand(tree, step, timeoutMs).catch((error: unknown) => ({ na: reasonOf(error) }));
    if (typeof ms !== 'number') {
      progress(`build step failed: ${ms.na}`);
      return { build: ms, prerender: /prerender/.test(step) ? ms : { na: 'build failed' } };
    }
    progress(`  ${step}: ${(ms / 1000).toFixed(1)} s`);
    total += ms;
    if (/prerender/.test(step)) prerender = ms;
  }
  return { build: total, prerender };
}

const STARTS = 3;

/** Validates, builds and starts the copy as it stands; start time and RSS are medians of three starts. */
export async function measurePages(copy: ProjectCopy, modules: ProjectModules, stepTimeoutMs: number): Promise<PageFigures> {
  const pages = countPages(copy.tree);
  progress(`${pages} pages: npm run validate`);
  const validate = await measured('validate', () => timeCommand(copy.tree, 'npm run validate', stepTimeoutMs));
  progress(`${pages} pages: npm run build`);
  const { build, prerender } = await timeBuild(copy.tree, stepTimeoutMs);
  const built = typeof build === 'number';
  const mainScript = built ? await measured('main script', async () => mainScriptBytes(copy.tree)) : { na: 'no build' };
  const starts: number[] = [];
  const rss: number[] = [];
  const dataDir = mkdtempSync(join(copy.tmp, 'data-pages-'));
  // The first start creates and migrates the database: not what a restart costs, so it is not counted.
  for (let i = 0; built && i <= STARTS; i++) {
    const started = await startServer(modules, { DATA_DIR: dataDir }).catch((error: Error) => error);
    if (started instanceof Error) {
      progress(`server start failed: ${reasonOf(started)}`);
      break;
    }
    await sleep(1000);
    const mb = rssMb(started.pid);
    if (i > 0) starts.push(started.startMs);
    if (i > 0) rss.push(mb);
    progress(`  server start ${i || 'warm-up'}: ${(started.startMs / 1000).toFixed(1)} s, ${Math.round(mb)} MB`);
    await stopServer(modules, started.server);
  }
  const median = (values: number[]): Figure =>
    values.length ? percentile(values, 50) : { na: built ? 'server did not start' : 'no build' };
  return { pages, validate, build, prerender, mainScript, start: median(starts), rss: median(rss) };
}
