// npm run bench [-- --postgres-url URL]: submissions per second and p99 latency of POST /api/forms/consultation at 50
// connections, beside a bare Fastify endpoint measured in the same run on the same machine: on PGlite with fsync on
// every commit (the default) and off, to show what durability costs, and on PostgreSQL when a server is given (or
// TEST_DATABASE_URL is set; the bench works in a schema of its own there and drops it at the end). The load comes
// from a worker thread, so the client does not share the server's event loop. The server is npm start's: it serves the
// build (built first when it is missing or stale), so the page a submission names is read from the build, as in
// production.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { configFromEnv } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/database';
import { createSubmissionStore, type NewSubmission } from '../src/server/forms/store';
import { submitForm } from '../src/server/forms/submit-form';
import { createUser } from '../src/server/users/store';

await import('./ensure-build');

const { values } = parseArgs({ options: { 'postgres-url': { type: 'string', default: process.env.TEST_DATABASE_URL } } });
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const submission = {
  page: '/it-recruitment',
  data: { name: 'Bench Mark', email: 'bench@example.com', contact: '9876543210', lookingFor: 'Job' },
};
const body = JSON.stringify({ ...submission, captcha: 'x' });

interface Figures {
  perSecond: number;
  p99: number;
  errors: number;
  stored?: number;
}

async function measure(url: string, duration = seconds): Promise<Figures> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections,
    duration,
    workers: 1,
  });
  return { perSecond: result['2xx'] / duration, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * The database's own ceiling: 50 callers storing the bench's submission (its lead, outbox rows and consent) through
 * the server's group-committing store, with no HTTP, validation or load generator around it.
 */
async function measureStoreAlone(app: App): Promise<Figures> {
  let prepared: NewSubmission | undefined;
  const capture = async (s: NewSubmission) => ((prepared = s), { kind: 'stored' as const, reference: 'HF-2026-000001' });
  const services = { catalog: app.formCatalog, pages: app.pageSource.page, site: app.siteConfig, captcha: app.captcha };
  const result = await submitForm(
    { ...services, storeSubmission: capture, routing: app.leadRouting },
    {
      formId: 'consultation',
      ...submission,
      publicUrl: app.config.publicUrl,
    },
  );
  if (!prepared) throw new Error(`the bench's submission was not accepted: ${JSON.stringify(result)}`);
  const stored = prepared;
  const store = createSubmissionStore(app.db);
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        await store({ ...stored, id: randomUUID() });
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const p99 = Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0);
  return { perSecond: latencies.length / seconds, p99, errors: 0 };
}

/**
 * The form API on a database of its own, as the server runs it (captcha off, mail queued, a limit never reached, each
 * lead routed to a BDE), then the store alone on the same database.
 */
async function measureForms(db: Database, dataDir: string): Promise<[Figures, Figures]> {
  const config = { ...configFromEnv({}), dataDir, captcha: 'off' as const, formsPerMinute: 1e9, outboxIntervalMs: 0 };
  const app = await buildApp({ config, site: true, db });
  // A head-office team, as in production: every lead is routed to one of them as it is stored.
  for (let n = 1; n <= 8; n++) await createUser(app.db, { username: `bench.bde${n}`, password: randomUUID(), role: 'BDE' });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const figures = await measure(`${appUrl}/api/forms/consultation`);
  const [counted] = await app.db.query<{ n: number }>('select count(*)::int as n from submissions');
  const alone = await measureStoreAlone(app);
  await app.close();
  return [{ ...figures, stored: counted?.n ?? 0 }, alone];
}

async function onPglite(fsync: boolean): Promise<[Figures, Figures]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hireframe-bench-'));
  const db = await openDatabase({ dataDir, fsync });
  try {
    return await measureForms(db, dataDir);
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(databaseUrl: string): Promise<[Figures, Figures]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hireframe-bench-'));
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl, dataDir });
  await admin.query(`create schema ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  // The pool the server would open (DATABASE_POOL_SIZE), so the figure is the server's.
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir, poolSize: configFromEnv().databasePoolSize });
  try {
    return await measureForms(db, dataDir);
  } finally {
    await db.close();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Figures from a busy machine are not comparable: the load before and after goes with them.
/** The 1-minute load average: figures taken on a busy machine say so. */
const load = () => loadavg()[0]!.toFixed(2);
const loadBefore = load();
const bare = Fastify();
bare.post('/bare', async () => ({ id: 'x' }));
const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/bare`;
// Two seconds first, not counted: the first second of a fresh process is JIT compilation, not Fastify.
await measure(bareUrl, 2);
const bareFirst = await measure(bareUrl);

const runs: [string, Figures][] = [['bare Fastify POST, first', bareFirst]];
const withStoreAlone = (name: string, [http, alone]: [Figures, Figures]) =>
  runs.push([name, http], [`${name}: the store alone, no HTTP`, alone]);
withStoreAlone('PGlite, fsync on (the default)', await onPglite(true));
runs.push(['PGlite, fsync off', (await onPglite(false))[0]]);
const postgresUrl = values['postgres-url'];
if (postgresUrl) withStoreAlone('PostgreSQL', await onPostgres(postgresUrl));

// This machine's speed drifts over minutes (a shared host): bare is measured again at the end, and the share of
// bare is of the two runs' mean.
const bareLast = await measure(bareUrl);
runs.push(['bare Fastify POST, last', bareLast]);
await bare.close();
const bareMean = (bareFirst.perSecond + bareLast.perSecond) / 2;

console.log(`${connections} connections, ${seconds} s each, POST /api/forms/consultation, captcha off, mail queued`);
console.log(`load average (1 min) ${loadBefore} before, ${load()} after\n`);
console.log('| | submissions/s | of bare | p99 | non-2xx | stored |\n| --- | --- | --- | --- | --- | --- |');
for (const [name, f] of runs)
  console.log(
    `| ${name} | ${f.perSecond.toFixed(0)} | ${((100 * f.perSecond) / bareMean).toFixed(1)} % | ${f.p99} ms | ${f.errors} | ${f.stored ?? '–'} |`,
  );
if (!postgresUrl) console.log('\n(PostgreSQL not measured: pass --postgres-url or set TEST_DATABASE_URL.)');
