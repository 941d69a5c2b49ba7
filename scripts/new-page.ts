// Writes a new city page as its facts, made from a template of pages/templates:
//   npm run new-page -- --template city-lead-form --route /franchise/pune --name Pune \
//     --state Maharashtra --street "3rd Floor, Tower B, Baner Road" --pin 411045 [--phone "+91 20 4567 8901"]
//     [--whatsapp …] [--email …] [--map https://…] [--language hi|gu|ta|te|pa]
// The template gives the layout and the words; the file holds the city's own facts only (those not given on the
// command line are asked for). The result is validated before it is written.
import { existsSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { checkPages } from '../src/server/content-checks/check-pages';
import { newCityFacts, newCityRouteProblem } from '../src/shared/city-page';
import { pageFileForRoute } from '../src/server/site/page-file-for-route';
import { sourcePages } from '../src/server/site/source-pages';
import { listCityTemplates, readPageFiles, root } from '../src/server/site/pages-on-disk';

const text = (description: string) => ({ type: 'string' as const, description });
const FACTS = {
  state: text('State or union territory, e.g. Maharashtra'),
  street: text('Office address before the city: office, floor, building, road, e.g. 3rd Floor, Tower B, Baner Road'),
  pin: text('PIN code, six digits, e.g. 411045'),
  phone: text("Office phone, e.g. +91 20 4567 8901; empty for the head office's"),
  whatsapp: text('WhatsApp number, e.g. +91 98765 43210; may be empty'),
  email: text("Office e-mail; empty for the head office's"),
  map: text('Map link, https://…; may be empty'),
  language: text('Language most people there read first: hi, gu, ta, te or pa; may be empty'),
};
const REQUIRED_FACTS = ['state', 'street', 'pin'] as const;
const { values } = parseArgs({
  options: { template: { type: 'string' }, route: { type: 'string' }, name: { type: 'string' }, ...FACTS },
});
const { template, route, name } = values;
if (!template || !route || !name) {
  console.error(
    `Usage: npm run new-page -- --template ${listCityTemplates()[0]?.name ?? 'city-lead-form'} --route /franchise/pune --name Pune --state Maharashtra --street "…" --pin 411045`,
  );
  process.exit(2);
}

/** The city's facts: from the command line, else asked for (a required one until it is given). */
async function factsOf(name: string) {
  const given: Record<string, string | undefined> = { ...values };
  const missing = (Object.keys(FACTS) as (keyof typeof FACTS)[]).filter((key) => given[key] === undefined);
  if (missing.length && process.stdin.isTTY) {
    const ask = createInterface({ input: process.stdin, output: process.stdout });
    for (const key of missing) {
      do given[key] = (await ask.question(`${FACTS[key].description}: `)).trim();
      while (!given[key] && (REQUIRED_FACTS as readonly string[]).includes(key));
    }
    ask.close();
  }
  const absent = REQUIRED_FACTS.filter((key) => !given[key]);
  if (absent.length) {
    console.error(`The new city's own facts are needed: ${absent.map((key) => `--${key} (${FACTS[key].description})`).join(', ')}.`);
    process.exit(2);
  }
  const optional = { phone: given.phone, whatsapp: given.whatsapp, email: given.email, mapLink: given.map, language: given.language };
  const state = given.state ?? '';
  return {
    name,
    state,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value)),
    office: { street: given.street ?? '', city: name, state, postalCode: given.pin ?? '', country: 'India' },
  };
}
const templates = listCityTemplates();
if (!templates.some((t) => t.name === template)) {
  console.error(`No template "${template}". The templates (pages/templates):`);
  for (const t of templates) console.error(`  ${t.name}: ${t.title}. ${t.description}`);
  process.exit(2);
}
const routeProblem = newCityRouteProblem(route);
if (routeProblem) {
  console.error(routeProblem);
  process.exit(2);
}
const filed = pageFileForRoute(route, sourcePages());
if ('refused' in filed || existsSync(join(root, filed.file))) {
  console.error('refused' in filed ? filed.refused : `${filed.file} exists already; choose another route or edit that file.`);
  process.exit(2);
}
const target = join(root, filed.file);

const page = newCityFacts(template, route, (await factsOf(name)) as Parameters<typeof newCityFacts>[2]);

const json = `${JSON.stringify(page, null, 2)}\n`;
const file = relative(root, target);
const others = readPageFiles();
const problems = checkPages([...others, { file, kind: 'page', text: json }], { diskCache: true }).filter((p) => p.file === file);
if (problems.length) {
  for (const p of problems) console.error(`${p.file}:${p.line}:${p.column} ${p.pointer} ${p.message}`);
  console.error('Not written: the new page would not be valid.');
  process.exit(1);
}
writeFileSync(target, json);
console.log(`Wrote ${file} (${route}), ${name}'s page from the template ${template}.`);
console.log('Add its figures, events and questions to the file as the city has them: until then the page shows none.');
