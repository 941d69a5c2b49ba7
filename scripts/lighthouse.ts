// npm run lighthouse: Lighthouse (mobile preset) on every public route of the production build, served by the real
// server on a scratch data directory, with Chromium from the machine. Prints the four scores, LCP, TBT, CLS and the
// JavaScript run per route, and apart from it the code fetched ahead to run at the visitor's first action (the median
// of --runs runs, 3 by default), and exits non-zero below
// scripts/lighthouse-budget.json. --quick: one route per template, one run each. --report: print, never fail.
// --signed-in: the portal screens staff open all day instead (scripts/lib/lighthouse-signed-in.ts), against the
// budget's signedIn figures. --locales: each page published in other languages beside its English page, with the fonts
// each loads and its LCP against the English page's in the same run (at most 10 % more).
// --without-local-fonts: Chromium sees none of the machine's Noto fonts, as a device without them: pages in an Indian
// script then download theirs.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { readPageFiles, root, routeLanguages } from '../src/server/site/pages-on-disk';
import { migratePage } from '../src/shared/page-migrations/migrate-page';
import { fillSite } from '../src/content/site';
import { DEFAULT_LOCALE, LOCALE_FACTS, localizedPath, type Locale } from '../src/shared/locales';
import { fail } from './lib/cli';
import { serverNodeFlags } from '../tests/support/server-process';
import puppeteer, { type Browser } from 'puppeteer-core';
import { signedInRoutes, type SessionCookie } from './lib/lighthouse-signed-in';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean' },
    report: { type: 'boolean' },
    runs: { type: 'string' },
    route: { type: 'string', multiple: true },
    'signed-in': { type: 'boolean' },
    locales: { type: 'boolean' },
    'without-local-fonts': { type: 'boolean' },
  },
});
/** How much later a page in another language may show its largest content than its English page. */
const LOCALE_LCP_RATIO = 1.1;
const runs = Number(args.runs ?? (args.quick ? 1 : 3));
interface Budget {
  scores: Record<string, number>;
  maxScriptKb: number;
  maxCls?: number;
  maxLcpMs?: number;
}
const budgets = JSON.parse(readFileSync(join(root, 'scripts/lighthouse-budget.json'), 'utf8')) as Budget & { signedIn: Budget };
const budget: Budget = args['signed-in'] ? budgets.signedIn : budgets;

/** One route of each kind of page, for CI's quick report. */
const QUICK = ['/', '/it-recruitment', '/franchise', '/franchise/surat', '/job-openings', '/login'];
/** Public screens of the app, beside every page of pages/. */
const APP_ROUTES = ['/login', '/blogs', '/job-openings'];

/**
 * Each page published in other languages, its English route first, then the route in each of them; the app's routes
 * shown in other languages (/job-openings) among them.
 */
function localeRoutes(): { route: string; locale: Locale; english: string }[] {
  return routeLanguages()
    .filter((page) => page.locales.length)
    .sort((a, b) => a.route.localeCompare(b.route))
    .flatMap(({ route, locales }) =>
      [DEFAULT_LOCALE, ...locales].map((locale) => ({ route: localizedPath(fillSite(route), locale), locale, english: fillSite(route) })),
    );
}

function publicRoutes(): string[] {
  if (args.route?.length) return args.route;
  if (args.locales) return localeRoutes().map((r) => r.route);
  if (args.quick) return QUICK;
  const pages = readPageFiles()
    .filter((f) => f.kind === 'page')
    .map((f) => fillSite(String(migratePage(JSON.parse(f.text)).route)))
    .filter((route) => route !== '/not-found');
  return [...pages.sort(), ...APP_ROUTES];
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hireframe-lighthouse-'));
  const child = spawn(process.execPath, [...serverNodeFlags(), 'dist/server-app/main.js'], {
    cwd: root,
    // The signed-in mode turns the captcha off to send the leads its screens show; the public pages keep it.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...(args['signed-in'] ? { CAPTCHA: 'off', FORMS_PER_MINUTE: '100' } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) fail(`The server stopped at start (exit ${child.exitCode}).`);
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (waited > 60_000) fail('The server did not become ready within 60 s.');
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = () => (child.kill('SIGTERM'), rmSync(dataDir, { recursive: true, force: true }));
  return { base, dataDir, stop };
}

interface Figures {
  route: string;
  scores: Record<string, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptKb: number;
  vitalsSampleKb: number;
  /** Code fetched ahead (rel=prefetch) to run at the visitor's first action: fetched, not run, before it. */
  aheadKb: number;
  /** Web fonts downloaded. */
  fontKb: number;
}

const VITALS_SAMPLE_CODE = /\/assets\/report-vitals-[^/]*\.js$/;

function figuresOf(route: string, lhr: Result): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = lhr.audits['network-requests']?.details as
    { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined;
  const scripts = requests?.items?.filter((item) => item.resourceType === 'Script') ?? [];
  const ahead = requests?.items?.filter((item) => item.resourceType !== 'Script' && /\.js$/.test(item.url)) ?? [];
  const fonts = requests?.items?.filter((item) => item.resourceType === 'Font') ?? [];
  // One public load in ten draws the web-vitals sample: counted apart, so a lucky draw does not read as growth.
  const sampled = scripts.filter((item) => VITALS_SAMPLE_CODE.test(item.url));
  const kb = (items: typeof scripts) => items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;
  return {
    route,
    scores: Object.fromEntries(Object.entries(lhr.categories).map(([id, c]) => [id, Math.round((c.score ?? 0) * 100)])),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scriptKb: kb(scripts) - kb(sampled),
    vitalsSampleKb: kb(sampled),
    aheadKb: kb(ahead),
    fontKb: kb(fonts),
  };
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The default config without what scores nothing and costs seconds a page: screenshots and the back/forward cache
 * check, which navigates away and back. */
const CONFIG: Config = {
  extends: 'lighthouse:default',
  settings: { disableFullPageScreenshot: true, skipAudits: ['bf-cache', 'screenshot-thumbnails', 'final-screenshot'] },
};

async function main() {
  await import('./ensure-build');
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    ...(args['without-local-fonts'] ? { envVars: { ...process.env, FONTCONFIG_FILE: fontsWithoutNoto() } } : {}),
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const results: Figures[] = [];
  try {
    // The first load after Chromium starts pays for its start-up (its first page paints a second or more late):
    // one run before measuring, not counted.
    await lighthouse(`${server.base}/`, { port: chrome.port, onlyAudits: ['first-contentful-paint'], logLevel: 'error' }, CONFIG);
    const routes = args['signed-in']
      ? await signedInRoutes(server.base, server.dataDir)
      : publicRoutes().map((route) => ({ route, label: route, cookies: [] as SessionCookie[] }));
    // A session lives in cookies the page's own script reads too: they are set in the browser (through Puppeteer,
    // as Lighthouse's documentation has it for signed-in pages) and kept by Lighthouse, not sent as a header.
    const browser: Browser | undefined = args['signed-in']
      ? await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
      : undefined;
    for (const { route, label, cookies } of routes) {
      const lhrs: Result[] = [];
      for (let run = 0; run < runs; run++) {
        const page = browser ? await browser.newPage() : undefined;
        if (browser && page) {
          // Lighthouse's own reset would remove the cookies too: here the cache goes and the session stays.
          const devtools = await page.createCDPSession();
          await devtools.send('Network.clearBrowserCache');
          await devtools.detach();
          await browser.deleteCookie(...(await browser.cookies()));
          await browser.setCookie(...cookies.map((c) => ({ ...c, domain: '127.0.0.1', path: '/' })));
        }
        const result = await lighthouse(
          `${server.base}${route}`,
          { port: chrome.port, onlyCategories: CATEGORIES, logLevel: 'error', ...(browser ? { disableStorageReset: true } : {}) },
          CONFIG,
          page,
        );
        await page?.close();
        if (result) lhrs.push(result.lhr);
      }
      const median = lhrs.length ? figuresOf(label, computeMedianRun(lhrs)) : undefined;
      if (median) results.push(median);
      process.stderr.write(`${label}: ${median ? CATEGORIES.map((c) => median.scores[c]).join(' / ') : 'no result'}\n`);
    }
    await browser?.disconnect();
  } finally {
    chrome.kill();
    server.stop();
  }
  if (args.locales) return localeTable(results);
  console.log(`Lighthouse ${runs > 1 ? `median of ${runs} runs` : 'one run'}, mobile preset\n`);
  console.log('| route | perf | a11y | best pr. | SEO | LCP | TBT | CLS | JS (KB) | fetched ahead (KB) |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.route} | ${CATEGORIES.map((c) => r.scores[c]).join(' | ')} | ${(r.lcpMs / 1000).toFixed(1)} s | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} | ${r.scriptKb.toFixed(1)} | ${r.aheadKb.toFixed(1)} |`,
    );
  console.log('\nJS is the code run before the visitor acts; fetched ahead is code fetched, not run, for their first action.');
  const sampled = results.filter((r) => r.vitalsSampleKb > 0);
  if (sampled.length)
    console.log(
      `\nJS leaves out the web-vitals sample, drawn here on ${sampled.map((r) => `${r.route} (+${r.vitalsSampleKb.toFixed(1)} KB)`).join(', ')}.`,
    );
  const below = results.filter(
    (r) =>
      CATEGORIES.some((c) => (r.scores[c] ?? 0) < (budget.scores[c] ?? 0)) ||
      r.scriptKb > budget.maxScriptKb ||
      r.cls > (budget.maxCls ?? Infinity) ||
      r.lcpMs > (budget.maxLcpMs ?? Infinity),
  );
  if (below.length && !args.report) fail(`\nBelow the budget in scripts/lighthouse-budget.json: ${below.map((r) => r.route).join(', ')}`);
}

/** A fontconfig of the machine's fonts but Noto: Chromium then has no Indian script's font of its own. */
function fontsWithoutNoto(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hireframe-fonts-'));
  const dirs = ['/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/truetype/liberation'].map((d) => `<dir>${d}</dir>`).join('');
  const file = join(dir, 'fonts.conf');
  writeFileSync(file, `<?xml version="1.0"?><fontconfig>${dirs}<cachedir>${dir}/cache</cachedir></fontconfig>\n`);
  return file;
}

/** --locales: each language's page beside its English one, and whether it holds the budget and the English LCP. */
function localeTable(results: Figures[]) {
  const routes = localeRoutes();
  const figures = new Map(results.map((r) => [r.route, r]));
  const fonts = args['without-local-fonts'] ? ", Chromium without the machine's Noto fonts" : '';
  console.log(`Lighthouse ${runs > 1 ? `median of ${runs} runs` : 'one run'}, mobile preset${fonts}\n`);
  console.log('| page | language | perf | a11y | best pr. | SEO | LCP | LCP vs English | CLS | JS (KB) | fonts (KB) |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const failed: string[] = [];
  for (const { route, locale, english } of routes) {
    const r = figures.get(route);
    const base = figures.get(english);
    if (!r || !base) continue;
    const ratio = r.lcpMs / base.lcpMs;
    const versus = locale === DEFAULT_LOCALE ? '' : `${ratio >= 1 ? '+' : ''}${Math.round((ratio - 1) * 100)} %`;
    console.log(
      `| ${route} | ${LOCALE_FACTS[locale].english} | ${CATEGORIES.map((c) => r.scores[c]).join(' | ')} | ${(r.lcpMs / 1000).toFixed(2)} s | ${versus} | ${r.cls.toFixed(3)} | ${r.scriptKb.toFixed(1)} | ${r.fontKb.toFixed(1)} |`,
    );
    const short = CATEGORIES.some((c) => (r.scores[c] ?? 0) < (budget.scores[c] ?? 0)) || r.scriptKb > budget.maxScriptKb;
    if (short || (locale !== DEFAULT_LOCALE && ratio > LOCALE_LCP_RATIO)) failed.push(route);
  }
  if (failed.length && !args.report)
    fail(`\nBelow the budget, or more than ${Math.round((LOCALE_LCP_RATIO - 1) * 100)} % later than English: ${failed.join(', ')}`);
}

await main();
