import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import axe from 'axe-core';
import { startTestServer } from '../support/test-server';
import { startSmtp } from '../support/smtp-sink';
import { APP_CODE_META } from '../../src/shared/rendered-state';

/**
 * Chromium's headless shell (Debian's chromium-headless-shell, what Playwright itself runs headless) when it is there:
 * the full browser's headless mode also runs its hidden window's own renderer and takes about twice the CPU a test.
 */
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

/** The built site on a free port of the loopback, as npm start serves it. */
export async function startSite(options: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer(options);
  const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return { url, db: server.db, dataDir: server.dataDir, close: server.close };
}

/** The navigation bar's entries for a visitor, in the spec's order (desktop and mobile menus alike). */
export const VISITOR_NAV = [
  'Home',
  'Our Services',
  'Company',
  'Press Release',
  'Job Openings',
  'Free Job Posting',
  'Apply as a Recruiter',
  'Login',
];

export type Site = Awaited<ReturnType<typeof startSite>>;

/** The site as the portal's browser tests use it (captcha off, room for many forms, mail left queued) and a Chromium. */
export async function startPortalSite(): Promise<{ site: Site; browser: Browser }> {
  const [site, browser] = await Promise.all([
    startSite({ config: { captcha: 'off', formsPerMinute: 1000, outboxIntervalMs: 0 } }),
    launchChromium(),
  ]);
  return { site, browser };
}

/** Closes what startPortalSite started, also when it started only in part. */
export async function closePortalSite({ site, browser }: { site?: Site; browser?: Browser }) {
  await browser?.close();
  await site?.close();
}

/** The site with mail delivered to a real SMTP server on loopback, the outbox running, and Chromium. */
export async function startMailedSite() {
  const smtp = await startSmtp();
  const [site, browser] = await Promise.all([
    startSite({ config: { smtpUrl: smtp.url, outboxIntervalMs: 200, formsPerMinute: 100 } }),
    launchChromium(),
  ]);
  /** The first mail to an address (with a subject, if given) at the SMTP server, waited for up to ten seconds. */
  const mailTo = async (address: string, subject?: string) => {
    for (let i = 0; i < 100; i++) {
      const mail = smtp.mails.find((m) => m.to.includes(address) && (subject === undefined || m.subject === subject));
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(
      `No mail to ${address}${subject ? ` with subject ${subject}` : ''}; got ${JSON.stringify(smtp.mails.map((m) => [m.to, m.subject]))}`,
    );
  };
  return {
    site,
    smtp,
    browser,
    mailTo,
    close: async () => {
      await browser.close();
      await site.close();
      await smtp.close();
    },
  };
}

export type MailedSite = Awaited<ReturnType<typeof startMailedSite>>;

/** The real captcha solves itself once the visitor is in the form; a submit waits for it. */
export async function passCaptcha(form: Locator) {
  await form.locator('.form-captcha [data-state="verified"]').first().waitFor({ timeout: 25_000 });
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath))
    throw new Error(`No Chromium at ${chromiumPath}: apt-get install -y chromium-headless-shell (or set CHROMIUM_PATH)`);
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
 * roles set the session cookies a login would. Staff move the mouse (or a finger) as a portal screen the server rendered
 * appears, which runs its app (src/app/screen-loader.ts); `stillStaff` leaves them still, for a test of the screen
 * before anyone acts.
 */
export async function visit(
  browser: Browser,
  baseURL: string,
  {
    width = 1366,
    height = 900,
    role,
    announcementSeen = true,
    stillStaff = false,
  }: { width?: number; height?: number; role?: string; announcementSeen?: boolean; stillStaff?: boolean } = {},
): Promise<Visit> {
  const context = await browser.newContext({ baseURL, viewport: { width, height } });
  if (!stillStaff)
    await context.addInitScript(
      (meta) =>
        addEventListener('DOMContentLoaded', () => {
          if (document.querySelector(`meta[name="${meta}"]`)) dispatchEvent(new PointerEvent('pointermove', { movementX: 1 }));
        }),
      APP_CODE_META,
    );
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

/**
 * Waits until React has hydrated the prerendered page (event handlers attached). A public page's menus and forms wait
 * for the visitor's first action: the mouse moving is the one that changes nothing else (no focus, no scroll, no
 * input that the page's vitals would count), sent as an event so that nothing on the page is hovered either.
 */
export async function hydrated(page: Page) {
  await page.evaluate(() => dispatchEvent(new PointerEvent('pointermove', { movementX: 1 })));
  await page.waitForFunction(() => {
    const isRoot = (element: Element | null) => !!element && Object.keys(element).some((k) => k.startsWith('__reactContainer'));
    const root = document.getElementById('root');
    // A portal screen the server rendered is a disabled fieldset until its screen has hydrated.
    if (isRoot(root)) return !(root instanceof HTMLFieldSetElement && root.disabled);
    // A public page: each island the loader hydrates by itself (at load, when idle, or already near the viewport), and
    // marks once its effects have run.
    const islands = [...document.querySelectorAll<HTMLElement>('hf-island')];
    const nearView = (island: HTMLElement) =>
      [...island.children].some((box) => {
        const { top, bottom } = box.getBoundingClientRect();
        return bottom > -300 && top < innerHeight + 300;
      });
    const done = (island: HTMLElement) => island.dataset.hydrated !== undefined;
    return islands.length > 0 && islands.every((island) => done(island) || (island.dataset.when === 'visible' && !nearView(island)));
  });
}

/** A JSON POST to the site's API, as a script of the test sets the scene with: its answer and the cookies it set. */
export async function postJson(baseURL: string, path: string, body: unknown, cookie = '') {
  const response = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return {
    body: (await response.json()) as Record<string, unknown>,
    cookie: response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

/** Logs a context in through the API, as /login would, so a test starts on the screen it checks. */
export async function signIn(context: BrowserContext, baseURL: string, username: string, password: string) {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 200) throw new Error(`login of ${username}: ${response.status} ${await response.text()}`);
  const { hostname } = new URL(baseURL);
  await context.addCookies(
    response.headers.getSetCookie().map((header) => {
      const [pair = '', ...attributes] = header.split(';');
      const at = pair.indexOf('=');
      const httpOnly = attributes.some((a) => a.trim().toLowerCase() === 'httponly');
      return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), domain: hostname, path: '/', httpOnly };
    }),
  );
}

/** The WCAG 2.0, 2.1 and 2.2 success criteria at levels A and AA: what the site promises. */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** axe-core's source, limited to frames of the page's own origin (the editor's preview), as its Playwright glue sets it. */
const axeScript = `${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'] });`;

/**
 * axe-core's WCAG A and AA violations on the page as it stands, one line each, at any impact. Playwright evaluates
 * axe's source through the DevTools protocol, which the page's Content-Security-Policy does not govern, so the
 * policy stays as visitors get it. axe is put into each frame once a document (a second check of the same screen,
 * with a dialog open, reuses it) and runs in the page itself: @axe-core/playwright evaluated its 600 KB source twice a
 * check, and its default mode runs again in a blank page to merge frames the site does not have.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // What a person reads once things stop moving: a dialog fading in has not its final contrast yet.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  for (const frame of page.frames()) {
    const inject = frame.evaluate(() => 'axe' in window).then((present) => present || frame.evaluate(axeScript));
    // A frame that went away meanwhile has nothing to check; the page itself must take axe.
    await (frame === page.mainFrame() ? inject : inject.catch(() => undefined));
  }
  const { violations } = await page.evaluate((options) => (window as unknown as { axe: typeof axe }).axe.run(document, options), {
    runOnly: { type: 'tag', values: WCAG_AA_TAGS },
    resultTypes: ['violations'],
  } satisfies axe.RunOptions);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The size a finger needs (WCAG 2.5.5): what staff tap on a phone between calls. */
export const TAP_TARGET_PX = 44;

/**
 * Controls in the page's main content smaller than TAP_TARGET_PX in height or width, one line each. A link inside a
 * sentence is exempt (its size is the text's, WCAG's inline exception); so is what is hidden. A checkbox or radio
 * button counts with its label when the label is what is tapped.
 */
export function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'main a[href], main button, main input:not([type="hidden"]), main select, main textarea, main summary, main [role="tab"]',
    );
    const small: string[] = [];
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (!box.width || !box.height || control.closest('[hidden], [aria-hidden="true"], .visually-hidden')) continue;
      // A link in running text: the paragraph or list item has words of its own around it.
      const block = control.closest('p, li, dd, td, small');
      if (control.tagName === 'A' && block && (block.textContent ?? '').trim() !== (control.textContent ?? '').trim()) continue;
      const label = control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type) ? control.closest('label') : null;
      const target = (label ?? control).getBoundingClientRect();
      if (target.height < min - 0.5 || target.width < min - 0.5) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? control.getAttribute('name') ?? '').trim().slice(0, 30);
        small.push(
          `${control.tagName.toLowerCase()}${control.className ? `.${String(control.className).split(' ')[0]}` : ''} "${name}" ${Math.round(target.width)}×${Math.round(target.height)}`,
        );
      }
    }
    return [...new Set(small)];
  }, TAP_TARGET_PX);
}

/**
 * Picks a file as a visitor does: a click on the form's "Choose File" control opens the browser's file chooser. A click
 * before the form's island has hydrated is held and given again once it has (src/islands/island-loader.ts), so the
 * chosen file always reaches the form; setting the input's files directly could land before React listens.
 */
export async function chooseFile(scope: Locator, files: Parameters<Locator['setInputFiles']>[0], control = 'Choose File') {
  const [chooser] = await Promise.all([scope.page().waitForEvent('filechooser'), scope.getByText(control, { exact: true }).click()]);
  await chooser.setFiles(files);
}

/** Fills the page editor's New city form as marketing staff do: a layout by its title, then the city's own facts. */
export async function fillNewCity(
  page: Page,
  city: { name: string; state: string; street: string; pin: string; phone?: string; layout?: string },
) {
  await page.getByLabel('Layout', { exact: true }).selectOption({ label: city.layout ?? 'City page with a lead form' });
  await page.getByLabel('City name').fill(city.name);
  await page.getByLabel('State').fill(city.state);
  await page.getByLabel('Office address').fill(city.street);
  await page.getByLabel('PIN code').fill(city.pin);
  if (city.phone) await page.getByLabel('Office phone (optional)').fill(city.phone);
}

/** Pune's facts, as marketing staff give them for a new city page. */
export const PUNE = {
  name: 'Pune',
  state: 'Maharashtra',
  street: '3rd Floor, Tower B, Baner Road',
  pin: '411045',
  phone: '+91 20 4567 8901',
};

/** Makes a city page in the page editor from its facts, and waits for its editor to open. */
export async function makeNewCity(page: Page, city: Parameters<typeof fillNewCity>[1]) {
  await fillNewCity(page, city);
  await page.getByRole('button', { name: 'Make the page' }).click();
  await page.waitForURL(`**/admin/pages?route=%2Ffranchise%2F${city.name.toLowerCase()}`);
}
