// Table 2 of npm run bench:scale: the leads inbox's API on a database holding many leads, PGlite or PostgreSQL.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { count, measured, percentile, progress, reasonOf, type Figure } from './bench-scale-figures';
import { homeP99While, p95, Session, timeCsv, type CsvFigures } from './bench-scale-http';
import { rssMb, startServer, stopServer, type ProjectCopy, type ProjectModules } from './bench-scale-project';
import { seedLeads } from '../../tests/support/seed-leads';
import { MAINTENANCE_CALL_TIMEOUT_MS } from '../../src/server/db/database';

export interface LeadsTarget {
  kind: 'pglite' | 'postgres';
  leads: number;
  /** PostgreSQL: the server; the bench works in a schema of its own there and drops it at the end. */
  databaseUrl?: string;
}

export interface LeadFigures {
  target: LeadsTarget;
  startRssMb: Figure;
  list: Figure;
  filter: Figure;
  search: Figure;
  deep: Figure;
  /** How the deep page was reached: by cursor or by page number. */
  deepHow: string;
  facets: Figure;
  /** The dashboard's counts, and its charts of the last 90 days. */
  dashboard: Figure;
  trends: Figure;
  /** A BDE's To do list and its count in the navigation; the person behind a lead, with everything they sent. */
  toDo: Figure;
  toDoCount: Figure;
  person: Figure;
  csv: CsvFigures | { na: string };
  homeIdle: Figure;
  homeDuringSearch: Figure;
  homeDuringExport: Figure;
}

/** A column of n/a, when the database could not be seeded or the server not started. */
export function unmeasured(target: LeadsTarget, reason: string): LeadFigures {
  const na = { na: reason };
  const figures = {
    startRssMb: na,
    list: na,
    filter: na,
    search: na,
    deep: na,
    facets: na,
    dashboard: na,
    trends: na,
    toDo: na,
    toDoCount: na,
    person: na,
    csv: na,
  };
  return { target, ...figures, deepHow: '', homeIdle: na, homeDuringSearch: na, homeDuringExport: na };
}

const PASSWORD = 'a long bench passphrase';
const TIMES = 20;

/** A database of its own: PGlite in a new DATA_DIR, or a new schema on the PostgreSQL server. */
async function freshDatabase(
  copy: ProjectCopy,
  modules: ProjectModules,
  target: LeadsTarget,
  onCleanup: (fn: () => Promise<void>) => void,
): Promise<{ dataDir: string; databaseUrl?: string; env: Record<string, string> }> {
  const dataDir = mkdtempSync(join(copy.tmp, `data-${target.kind}-`));
  if (!target.databaseUrl) return { dataDir, env: { DATA_DIR: dataDir } };
  const schema = `bench_scale_${randomBytes(4).toString('hex')}`;
  const admin = await modules.database.openDatabase({ databaseUrl: target.databaseUrl, dataDir });
  await admin.query(`create schema ${schema}`);
  onCleanup(async () => {
    // A run interrupted mid-seed leaves its statement running, holding the locks the drop waits for.
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [schema]);
    await admin.query(`drop schema ${schema} cascade`);
    await admin.close();
  });
  const url = new URL(target.databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  url.searchParams.set('application_name', schema);
  return { dataDir, databaseUrl: url.toString(), env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() } };
}

const SEED_BATCH = 50_000;

/**
 * Migrates as the server does at start, adds an admin and four BDEs, then the leads the tests seed at scale (ten
 * forms, fifty cities, every status, three in ten assigned, over two years in the order they came).
 */
async function seed(modules: ProjectModules, target: LeadsTarget, where: { dataDir: string; databaseUrl?: string }) {
  // Seeding is maintenance, not requests: every call gets maintenance's deadline (on PostgreSQL a longer deadline than
  // the pool's wraps a call in a transaction, where VACUUM cannot run).
  const db = await modules.database.openDatabase({ ...where, callTimeoutMs: MAINTENANCE_CALL_TIMEOUT_MS });
  try {
    await modules.migrations.migrate(db);
    await modules.users.createUser(db, { username: 'scale-admin', password: PASSWORD, role: 'ADMIN', fullName: 'Scale Admin' });
    const bdes: string[] = [];
    for (const n of [1, 2, 3, 4])
      bdes.push(
        (await modules.users.createUser(db, { username: `scale-bde-${n}`, password: PASSWORD, role: 'BDE', fullName: `BDE ${n}` })).id,
      );
    // Each lead linked to its person as it is stored (migration 032; not for a commit from before).
    const [people] = await db.query<{ linkPeople: boolean }>(`select to_regproc('person_of') is not null as "linkPeople"`);
    progress(`${target.kind}: seeding ${count(target.leads)} leads${people?.linkPeople ? ', each linked to its person' : ''}`);
    for (let first = 1; first <= target.leads; first += SEED_BATCH) {
      const rows = Math.min(SEED_BATCH, target.leads - first + 1);
      await seedLeads(db, rows, bdes, { first, total: target.leads, linkPeople: !!people?.linkPeople });
      progress(`  seeded ${count(first + rows - 1)} of ${count(target.leads)} leads`);
    }
    // The leads of the last 90 days as the dashboard's charts meet them: promised a reply 24 hours after they came (the
    // first-response clock, migration 026), three in four of those moved on from New answered within two days, and a
    // source in one word (migration 027), from twelve.
    await db.query(
      `update submissions set respond_by = created_at + interval '24 hours',
              answered_at = case when status <> 'new' then created_at + make_interval(mins => mod(abs(hashtext(id::text)), 2880)) end,
              source = (array['google', 'direct', 'facebook', 'walk-in', 'referral', 'linkedin', 'naukri', 'indeed', 'job-fair',
                              'phone', 'instagram', 'whatsapp'])[1 + mod(abs(hashtext(id::text) / 7), 12)]
        where created_at >= now() - interval '90 days' and form_id <> 'newsletter'`,
    );
    // Vacuumed and analysed, as PostgreSQL's autovacuum and the server's hourly vacuum of PGlite leave the tables.
    // The seeded tables only (on PostgreSQL a bare VACUUM would go through every schema of the database), those the
    // measured commit has.
    const [tables] = await db.query<{ names: string }>(
      `select string_agg(t, ', ') as names from unnest(array['submissions', 'people', 'person_keys', 'lead_counts', 'lead_daily_counts']) t
        where to_regclass(t) is not null`,
    );
    await db.query(`vacuum (analyze) ${tables?.names ?? 'submissions'}`);
  } finally {
    await db.close();
  }
}

/** A filter and name fragments that match some of the seeded leads: a city page's form, surnames the seed uses. */
const FILTER = 'status=new&form=city-lead&city=Surat';
const SEARCHES = ['kapoo', 'menon', 'pilla', 'desai'];

interface ListAnswer {
  items: unknown[];
  total: number;
  nextCursor?: string | null;
  page?: number;
  pageSize: number;
}

/** The last pages of 50 followed by cursor, or with the page-number API, page 5,000 (or the last, if fewer). */
async function deepPage(session: Session, first: ListAnswer): Promise<{ figure: Figure; how: string }> {
  if ('nextCursor' in first) {
    const times: number[] = [];
    let cursor = first.nextCursor;
    for (let page = 2; page <= 50 && cursor; page++) {
      const { ms, body } = await session.get<ListAnswer>(`/api/leads?after=${cursor}`);
      if (page > 30) times.push(ms);
      cursor = body.nextCursor;
    }
    const figure = await measured('deep page', async () => percentile(times, 95));
    return { figure: times.length ? figure : { na: 'fewer than 31 pages' }, how: 'pages 31–50 by cursor' };
  }
  const page = Math.max(1, Math.min(5000, Math.ceil(first.total / first.pageSize)));
  const figure = await measured('deep page', () => p95(TIMES, async () => (await session.get(`/api/leads?page=${page}`)).ms));
  return { figure, how: `page=${count(page)}` };
}

export async function measureLeads(
  copy: ProjectCopy,
  modules: ProjectModules,
  target: LeadsTarget,
  onCleanup: (fn: () => Promise<void>) => void,
): Promise<LeadFigures> {
  const where = await freshDatabase(copy, modules, target, onCleanup);
  await seed(modules, target, where);
  progress(`${target.kind}: starting the server`);
  const { server, pid } = await startServer(modules, where.env);
  try {
    await sleep(1000);
    const startRssMb = rssMb(pid);
    const session = await Session.login(server.url, 'scale-admin', PASSWORD);
    const timeGet = (path: string) => async () => (await session.get(path)).ms;
    const search = (i: number) => `/api/leads?q=${SEARCHES[i % SEARCHES.length]}`;

    progress(`${target.kind}: list, filter, search, deep page, facets`);
    const list = await measured('list', () => p95(TIMES, timeGet('/api/leads')));
    const filtered = await measured('filter', () => p95(TIMES, timeGet(`/api/leads?${FILTER}`)));
    const searched = await measured('search', () => p95(TIMES, (i) => timeGet(search(i))()));
    const first = await session.get<ListAnswer>('/api/leads').catch((error: Error) => error);
    const deep = first instanceof Error ? { figure: { na: first.message }, how: '' } : await deepPage(session, first.body);
    const facets = await measured('facets', () => p95(TIMES, timeGet('/api/leads/facets')));
    progress(`${target.kind}: the dashboard and its charts`);
    const dashboard = await measured('dashboard', () => p95(TIMES, timeGet('/api/admin/dashboard')));
    const trends = await measured('trends', () => p95(TIMES, timeGet('/api/admin/dashboard/trends')));

    progress(`${target.kind}: a BDE's To do and its count, the person behind a lead`);
    const bde = await Session.login(server.url, 'scale-bde-1', PASSWORD);
    const toDo = await measured('to do', () => p95(TIMES, async () => (await bde.get('/api/leads/to-do')).ms));
    const toDoCount = await measured('to-do count', () => p95(TIMES, async () => (await bde.get('/api/leads/to-do/count')).ms));
    const leadIds = first instanceof Error ? [] : (first.body.items as { id: string }[]).map((item) => item.id);
    const person = leadIds.length
      ? await measured('person', () => p95(TIMES, async (i) => (await session.get(`/api/leads/${leadIds[i % leadIds.length]}/person`)).ms))
      : { na: 'no leads listed' };

    progress(`${target.kind}: GET / idle, during searches, during the CSV export`);
    const homeIdle = (await homeP99While(server.url, () => sleep(10_000))).p99;
    const searches = async () => {
      const until = performance.now() + 8000;
      for (let i = 0; performance.now() < until; i++) await session.get(search(i));
    };
    const failed = (error: unknown) => ({ na: reasonOf(error) });
    const duringSearch = await homeP99While(server.url, () => searches().then(() => undefined, failed));
    const homeDuringSearch = duringSearch.result ?? duringSearch.p99;
    const duringExport = await homeP99While(server.url, () => timeCsv(session, pid).catch(failed));
    const csv = duringExport.result;
    if (!('na' in csv)) progress(`  CSV: ${(csv.bytes / 1e6).toFixed(0)} MB in ${(csv.totalMs / 1000).toFixed(1)} s`);
    const homeDuringExport = 'na' in csv ? csv : duringExport.p99;
    return {
      target,
      startRssMb,
      list,
      filter: filtered,
      search: searched,
      deep: deep.figure,
      deepHow: deep.how,
      facets,
      dashboard,
      trends,
      toDo,
      toDoCount,
      person,
      csv,
      homeIdle,
      homeDuringSearch,
      homeDuringExport,
    };
  } finally {
    await stopServer(modules, server);
  }
}
