import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestServer } from '../support/test-server';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The built site on a free port of the loopback, as npm start serves it. */
export async function startSite(options: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer(options);
  const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return { url, db: server.db, dataDir: server.dataDir, close: server.close };
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) throw new Error(`No Chromium at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface Visit {
  context: BrowserContext;
  page: Page;
  /** Console errors and warnings and uncaught exceptions, hydration mismatches included. */
  problems: string[];
}

/**
 * A fresh browser profile. By default the announcement has been seen, so it does not cover what a test clicks;
 * roles set the session cookies a login would.
 */
export async function visit(
  browser: Browser,
  baseURL: string,
  {
    width = 1366,
    height = 900,
    role,
    announcementSeen = true,
  }: { width?: number; height?: number; role?: string; announcementSeen?: boolean } = {},
): Promise<Visit> {
  const context = await browser.newContext({ baseURL, viewport: { width, height } });
  if (role) {
    const { hostname } = new URL(baseURL);
    const cookie = (name: string, value: string) => ({ name, value, domain: hostname, path: '/' });
    await context.addCookies([
      { ...cookie('jwt_token', 'test-token'), httpOnly: true },
      cookie('role', role),
      cookie('username', `${role.toLowerCase()}.user`),
    ]);
  }
  if (announcementSeen) await context.addInitScript(() => localStorage.setItem('investmentPopupShown', 'true'));
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`exception: ${e.message}`));
  return { context, page, problems };
}

/** Waits until React has hydrated the prerendered page (event handlers attached). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
  });
}
