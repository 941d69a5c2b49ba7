import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { matchAppRoute } from '../../shared/route-match.ts';
import { fillPlaceholders } from '../../shared/placeholders.ts';
import { cityNameOf } from '../../shared/city-page.ts';
import { pinStateMismatch } from '../../shared/pin-codes.ts';
import { toE164 } from '../../shared/phone.ts';
import { didYouMean } from './nearest-name.ts';
import { isLocalizedText, textIn } from '../../shared/localized-text.ts';
import { DEFAULT_LOCALE } from '../../shared/locales.ts';

/** A rule's finding in one file: where (a JSON pointer) and what. */
export interface Finding {
  pointer: string;
  message: string;
}

export type Visit = (value: unknown, pointer: () => string) => void;
export type Walk = (value: unknown, base: string, visit: Visit) => void;

/**
 * Placeholders a form's texts may use besides the site's and its own fields: the job application's "{job}" (the job's
 * title and company, src/server/jobs/application.ts).
 */
const FORM_CONTEXT = ['job'];

/** Every `{name}` in the document's text must be one the product fills: a typo such as {brnad} would ship as written. */
export function unknownPlaceholders(data: unknown, known: string[], walk: Walk): Finding[] {
  const findings: Finding[] = [];
  walk(data, '', (value, pointer) => {
    if (typeof value !== 'string') return;
    // A name starts with a letter: `{10}` in a pattern is a count, not a placeholder.
    for (const [, name = ''] of value.matchAll(/\{([A-Za-z_]\w*)\}/g)) {
      if (!known.includes(name)) findings.push({ pointer: pointer(), message: `unknown placeholder {${name}}${didYouMean(name, known)}` });
    }
  });
  return findings;
}

/** The placeholders a form's texts may use: the site's, its own fields' and the submission's context. */
export function formPlaceholders(siteKeys: string[], form: { schema?: { properties?: object } }): string[] {
  return [...siteKeys, ...Object.keys(form.schema?.properties ?? {}), ...FORM_CONTEXT];
}

/** The site-internal paths a value links to: an `href`, or a Markdown link in text. */
function linksIn(key: string | undefined, value: string): string[] {
  if (key === 'href') return value.startsWith('/') && !value.startsWith('//') ? [value] : [];
  return [...value.matchAll(/\]\((\/(?!\/)[^)\s]*)\)/g)].map(([, link = '']) => link);
}

/**
 * Every internal link must lead somewhere: a page's route, an app route (jobs, blogs, the portal) or a file in
 * public/. `routes` holds the pages' routes with their placeholders filled.
 */
export function deadLinks(data: unknown, routes: Set<string>, values: Record<string, string>, publicRoot: string, walk: Walk): Finding[] {
  const findings: Finding[] = [];
  walk(data, '', (value, pointer) => {
    if (typeof value !== 'string') return;
    const key = /\/([^/]*)$/.exec(pointer())?.[1];
    // `//host/…` reads like a site path but leads off the site, over whatever scheme the page was opened with.
    const offSite = key === 'href' && value.startsWith('//') ? value : /\]\((\/\/[^)\s]*)\)/.exec(value)?.[1];
    if (offSite) findings.push({ pointer: pointer(), message: `link to ${offSite}: another site's address must start with https://` });
    for (const link of linksIn(key, value)) {
      const path = fillPlaceholders(link, values)
        .replace(/[?#].*$/, '')
        .replace(/(.)\/+$/, '$1');
      if (routes.has(path) || matchAppRoute(path) || existsSync(join(publicRoot, path))) continue;
      findings.push({ pointer: pointer(), message: `link to ${link}: no page has that route${didYouMean(path, routes)}` });
    }
  });
  return findings;
}

/** A city page's route, its `city` and the city its forms fix must name one city, or leads land in the wrong one. */
export function cityMismatches(page: { route?: unknown; city?: unknown }, walk: Walk, blocks: unknown): Finding[] {
  const city = cityNameOf(page);
  if (city === undefined || typeof page.route !== 'string') return [];
  const findings: Finding[] = [];
  const slug = city.toLowerCase().trim().replace(/\s+/g, '-');
  const last = page.route.split('/').pop();
  if (last !== slug)
    findings.push({ pointer: '/route', message: `route ${page.route} does not end in "${slug}", the page's city "${city}"` });
  findings.push(...officeMismatches(page.city as CityFacts, city));
  walk(blocks, '/blocks', (value, pointer) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return;
    const fixed = (value as { fixed?: { city?: unknown } }).fixed?.city;
    if (typeof fixed === 'string' && fixed !== city) {
      findings.push({ pointer: `${pointer()}/fixed/city`, message: `the form's fixed city "${fixed}" is not the page's city "${city}"` });
    }
  });
  return findings;
}

type CityFacts = { state?: unknown; office?: { city?: unknown; state?: unknown; postalCode?: unknown } };

/** The city office's address must be in the city and the state the page names, its PIN code in that state. */
function officeMismatches(facts: CityFacts, city: string): Finding[] {
  const office = facts.office;
  if (!office || typeof office !== 'object') return [];
  const findings: Finding[] = [];
  if (typeof office.city === 'string' && office.city !== city)
    findings.push({ pointer: '/city/office/city', message: `the office is in "${office.city}", not in the page's city "${city}"` });
  // The state as English writes it: the office's address is postal data, in English.
  const state = typeof facts.state === 'string' || isLocalizedText(facts.state) ? textIn(facts.state, DEFAULT_LOCALE) : undefined;
  if (typeof office.state === 'string' && state !== undefined && office.state !== state)
    findings.push({
      pointer: '/city/office/state',
      message: `the office's state "${office.state}" is not the city's state "${state}"`,
    });
  if (typeof office.postalCode === 'string' && typeof office.state === 'string') {
    const mismatch = pinStateMismatch(office.postalCode, office.state);
    if (mismatch) findings.push({ pointer: '/city/office/postalCode', message: mismatch });
  }
  return findings;
}

/** The facts that are one city's own: a page that gives another city's, unchanged, was copied and not yet told its own. */
const OWN_FACTS: { pointer: string; what: string; of: (city: Record<string, unknown>) => string | undefined }[] = [
  { pointer: '/city/office', what: 'office address', of: (c) => officeKey(c.office) },
  { pointer: '/city/phone', what: 'phone number', of: (c) => phoneKey(c.phone) },
  { pointer: '/city/whatsapp', what: 'WhatsApp number', of: (c) => phoneKey(c.whatsapp) },
  { pointer: '/city/email', what: 'e-mail address', of: (c) => (typeof c.email === 'string' ? c.email.toLowerCase() : undefined) },
];
/** An address as the same whatever its case and punctuation: its street's words and its PIN code. */
const officeKey = (v: unknown) => {
  const a = v as { street?: unknown; postalCode?: unknown } | undefined;
  return typeof a?.street === 'string' && typeof a.postalCode === 'string'
    ? `${a.street.toLowerCase().replace(/\W+/g, ' ').trim()}|${a.postalCode}`
    : undefined;
};
/** A number however it is written, by the one rule for phone numbers. */
const phoneKey = (v: unknown) => (typeof v === 'string' ? (toE164(v) ?? v) : undefined);

/** Items that share a key, in groups of two or more. */
export function sharedKeys<T>(items: T[], keyOf: (item: T) => string | undefined): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === undefined) continue;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()].filter((group) => group.length > 1);
}

/**
 * City pages whose office address, phone, WhatsApp or e-mail is another city page's: each is reported, naming the
 * other, so a city made from another's page does not go live with that city's office.
 */
export function copiedCityFacts<T extends { file: string; city: Record<string, unknown> }>(pages: T[]): { page: T; finding: Finding }[] {
  return OWN_FACTS.flatMap((fact) =>
    sharedKeys(pages, (page) => fact.of(page.city)).flatMap((same) =>
      same.map((page) => {
        const others = same.filter((other) => other !== page).map((other) => `${String(other.city.name)} (${other.file})`);
        const message = `the ${fact.what} is also that of ${others.join(' and ')}: give ${String(page.city.name)} its own`;
        return { page, finding: { pointer: fact.pointer, message } };
      }),
    ),
  );
}
