import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database, Queryable } from '../db/database';
import { SqlParams } from '../db/sql-params';
import { countUpTo, keysetPage, type PageRequest, type SortKey } from '../db/keyset';
import type { LeadFilters } from '../../shared/api/leads';
import { isFranchiseBde } from '../../shared/roles';
import { filterClauses, whereOf, type Viewer } from './lead-where';
import { LEAD_SELECT, type RawLead } from './store';
import { countLeads } from './count-store';

/** Newest first; the id breaks ties, so every lead has one place in the order and a cursor names one lead. */
export const NEWEST_FIRST: SortKey[] = [
  { sql: 's.created_at', direction: 'desc' },
  { sql: 's.id', direction: 'desc' },
];
const NEWEST_FIRST_SQL = 'order by s.created_at desc, s.id desc';

/**
 * A search counts its matches up to this many: it is for finding someone, and an exact count of thousands of
 * matches would read thousands of leads' text on every page.
 */
export const SEARCH_COUNT_CAP = 100;

/** The newest leads under the filters that a search reads first, to see how common its text is. */
const PROBE = 1000;

/**
 * A text in this share of the newest leads or more is walked for; a rarer one is looked up in the trigram index.
 * Walking finds a page of 20 in 20 / share leads; looking up reads every match (share × all leads) to order them:
 * the two meet near the square root of 20 / all leads, 0.5% at a million.
 */
const COMMON = 0.005;

/** How many leads a walking count reads at most, newest first, before it settles for "more than". */
const COUNT_WINDOW = 5000;

/**
 * Planner settings for one statement, in a transaction of its own. The planner cannot know how common a typed text is
 * (its estimate comes from a hundred sampled rows), and the two ways to find it differ a hundredfold when it guesses
 * wrong: WALK reads an index in the list's order and checks each lead (fast for a common word, which shows up within
 * a few hundred leads); TRIGRAM asks the trigram index for every lead that contains the text (fast for a rare one).
 * Neither starts parallel workers nor compiles the statement (JIT): either costs more than reading a page of 20, and
 * a path switched off weighs so much in the planner's sums that PostgreSQL would otherwise compile every search.
 */
const SHORT = { max_parallel_workers_per_gather: '0', jit: 'off' };
const WALK = { ...SHORT, enable_bitmapscan: 'off', enable_seqscan: 'off' };
const TRIGRAM = { ...SHORT, enable_indexscan: 'off', enable_seqscan: 'off' };

function planned<T>(db: Database, settings: Record<string, string>, run: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const sets = Object.entries(settings).map(([name, value]) => `set_config('${name}', '${value}', true)`);
    await tx.query(`select ${sets.join(', ')}`);
    return run(tx);
  });
}

/**
 * How common the text is among the newest leads under the filters. Not within the viewer's scope: an FBDE's (their
 * leads or their city's) has no index in the list's order, and reading its newest thousand would mean walking a dozen
 * leads for each.
 */
async function probe(db: Database, viewer: Viewer, filters: LeadFilters, q: string) {
  const p = new SqlParams();
  const others = ['true', ...filterClauses(viewer, { ...filters, q: undefined }, p)].join(' and ');
  const needle = p.add(q);
  const [seen] = await planned(db, WALK, (tx) =>
    tx.query<{ scanned: number; hits: number }>(
      `select count(*)::int as scanned, count(*) filter (where strpos(w.search_text, lower(${needle}::text)) > 0)::int as hits
         from (select s.search_text from submissions s where ${others} ${NEWEST_FIRST_SQL} limit ${PROBE}) w`,
      p.values,
    ),
  );
  return { scanned: seen?.scanned ?? 0, hits: seen?.hits ?? 0 };
}

const capped = (n: number) => ({ total: Math.min(n, SEARCH_COUNT_CAP), exact: n <= SEARCH_COUNT_CAP });

/**
 * One page of a search, and how many leads it matches (exact up to SEARCH_COUNT_CAP, then "more than"). It reads the
 * newest thousand leads under the filters first: a text in 0.5% of them or more is walked for (an FBDE walks the
 * whole list's index for their scope, about one lead in ten, so for them it takes 5%); a rarer one is looked up.
 */
export async function searchLeads(db: Database, viewer: Viewer, filters: LeadFilters, q: string, page: PageRequest) {
  const { scanned, hits } = await probe(db, viewer, filters, q);
  // On PGlite each statement holds this thread: let waiting requests (a page of the site) go between them.
  await nextTurn();
  const share = isFranchiseBde(viewer.role) && viewer.city ? 0.1 : 1;
  const small = scanned < PROBE;
  const walk = small || hits >= PROBE * (COMMON / share);
  const plan = walk ? WALK : TRIGRAM;
  const p = new SqlParams();
  const where = whereOf(viewer, filters, p);
  // The count's values, before the page adds its cursor and limit.
  const values = [...p.values];
  // Looked up, a first page reads every match anyway (to put them in order): it counts them on the way.
  const counting = !walk && !page.after && !page.before;
  const select = counting ? LEAD_SELECT.replace(/^\s*select /, 'select count(*) over () as matches, ') : LEAD_SELECT;

  async function count(): Promise<{ total: number; exact: boolean } | undefined> {
    if (small) return capped((await countUpTo(db, `from submissions s where ${where}`, values, SEARCH_COUNT_CAP + 1)).total);
    if (counting) return undefined;
    const lookUp = () => planned(db, TRIGRAM, (tx) => countUpTo(tx, `from submissions s where ${where}`, values, SEARCH_COUNT_CAP));
    if (!walk) return lookUp();
    // Walking: among the newest COUNT_WINDOW leads in scope, up to the cap; when there are more leads than that and
    // fewer matches than the cap among them, the trigram index counts (reading at most the cap's matches).
    const w = new SqlParams();
    const unsearched = { ...filters, q: undefined };
    const inScope = whereOf(viewer, unsearched, w);
    const needle = w.add(q);
    const [found, all] = await Promise.all([
      planned(db, WALK, (tx) =>
        countUpTo(
          tx,
          `from (select s.search_text from submissions s where ${inScope} ${NEWEST_FIRST_SQL} limit ${COUNT_WINDOW}) s
           where strpos(s.search_text, lower(${needle}::text)) > 0`,
          w.values,
          SEARCH_COUNT_CAP,
        ),
      ),
      countLeads(db, viewer, unsearched),
    ]);
    return found.exact && all.total > COUNT_WINDOW ? lookUp() : found;
  }

  const [counted, rows] = await Promise.all([
    count(),
    planned(db, plan, (tx) =>
      keysetPage<RawLead & { matches?: number | string }>(tx, { select, where, params: p, order: NEWEST_FIRST }, page),
    ),
  ]);
  return { ...(counted ?? capped(Number(rows.rows[0]?.matches ?? 0))), rows };
}
