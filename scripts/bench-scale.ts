// npm run bench:scale -- [--pages 1000] [--leads-pglite 200000] [--leads-postgres 1000000] [--postgres-url URL] [--rev HEAD]
//   [--step-timeout 3600]
// How the product behaves at size: build and server with the project's pages and with N more city pages, and the
// leads API on PGlite and PostgreSQL holding many leads. Works on a copy of one commit in a temporary directory (and
// a temporary PostgreSQL schema), removed at the end. Progress goes to stderr, the tables (markdown) to stdout.
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { fail } from './lib/cli';
import { count, progress, reasonOf } from './lib/bench-scale-figures';
import { measureLeads, unmeasured, type LeadFigures, type LeadsTarget } from './lib/bench-scale-leads';
import { addCityPages, measurePages } from './lib/bench-scale-pages';
import { copyProject, killChildren, projectModules, removeCopy } from './lib/bench-scale-project';
import { leadsTable, pagesTable } from './lib/bench-scale-tables';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '1000' },
    'leads-pglite': { type: 'string', default: '200000' },
    'leads-postgres': { type: 'string' },
    'postgres-url': { type: 'string', default: process.env.TEST_DATABASE_URL },
    rev: { type: 'string', default: 'HEAD' },
    'step-timeout': { type: 'string', default: '3600' },
  },
});

function wholeNumber(name: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) fail(`--${name} takes a whole number (it is "${value}").`);
  return n;
}

const pages = wholeNumber('pages', values.pages);
const postgresUrl = values['postgres-url'] || undefined;
if (values['leads-postgres'] && !postgresUrl) fail('--leads-postgres needs --postgres-url (or TEST_DATABASE_URL).');
const targets: LeadsTarget[] = [
  { kind: 'pglite' as const, leads: wholeNumber('leads-pglite', values['leads-pglite']) },
  ...(postgresUrl
    ? [{ kind: 'postgres' as const, leads: wholeNumber('leads-postgres', values['leads-postgres'] ?? '1000000'), databaseUrl: postgresUrl }]
    : []),
].filter((target) => target.leads > 0);
const stepTimeoutMs = wholeNumber('step-timeout', values['step-timeout']) * 1000;

const copy = copyProject(new URL('..', import.meta.url).pathname, values.rev);
const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;
/** Once, whether the run ends or is interrupted. */
const cleanUp = () =>
  (cleaning ??= (async () => {
    killChildren();
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: Error) => progress(`clean-up: ${error.message}`));
    removeCopy(copy);
  })());
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));

try {
  progress(`copied commit ${copy.commit.slice(0, 7)} to ${copy.tree}`);
  const modules = await projectModules(copy.tree);
  const small = await measurePages(copy, modules, stepTimeoutMs);
  const leads: LeadFigures[] = [];
  for (const target of targets) {
    leads.push(
      await measureLeads(copy, modules, target, (fn) => cleanups.push(fn)).catch((error: unknown) => {
        progress(`${target.kind}: ${reasonOf(error)}`);
        return unmeasured(target, reasonOf(error));
      }),
    );
  }
  let large;
  if (pages > 0) {
    progress(`adding ${count(pages)} city pages`);
    addCityPages(copy.tree, pages);
    large = await measurePages(copy, modules, stepTimeoutMs);
  }
  console.log(`Commit ${copy.commit.slice(0, 7)}, ${cpus().length} cores, ${new Date().toISOString().slice(0, 10)}; before: at 9186db4.\n`);
  console.log(`${pagesTable(small, large)}\n`);
  if (leads.length)
    console.log(
      `Request times are p95 of 20 requests in a row; \`GET /\` p99 of a visitor every 50 ms, timed from their arrival.\n\n${leadsTable(leads)}`,
    );
} finally {
  await cleanUp();
}
