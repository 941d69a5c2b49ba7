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

/** A text in this share of the newest leads or more is walked for; a rarer one is looked up in the trigram index. */
const COMMON = 0.02;

/** How many leads a walking count reads at most, newest first, before it settles for "more than". */
const COUNT_WINDOW = 5000;

/**
 * Planner settings for one statement, in a transaction of its own. The planner cannot know how common a typed text is
 * (its estimate comes from a hundred sampled rows), and the two ways to find it differ a hundredfold when it guesses
 * wrong: WALK reads an index in the list's order and checks each lead (fast for a common word, which shows up within
 * a few hundred leads); TRIGRAM asks the trigram index for every lead that contains the text (fast for a rare one).
 */
const WALK = { enable_bitmapscan: 'off', enable_seqscan: 'off' };
const TRIGRAM = { enable_indexscan: 'off', enable_seqscan: 'off' };

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
 * newest thousand leads under the filters first: a text in 2% of them or more is walked for (an FBDE walks the whole
 * list's index for their scope, about one lead in ten, so for them it takes 20%); a rarer one is looked up.
 */
export async function searchLeads(db: Database, viewer: Viewer, filters: LeadFilters, q: string, page: PageRequest) {
  const { scanned, hits } = await probe(db, viewer, filters, q);
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
    if (!walk) return planned(db, TRIGRAM, (tx) => countUpTo(tx, `from submissions s where ${where}`, values, SEARCH_COUNT_CAP));
    // Walking: among the newest COUNT_WINDOW leads in scope, up to the cap; if there are more leads than that and
    // fewer matches than the cap among them, what it found is a floor ("more than").
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
    return found.exact && all.total > COUNT_WINDOW ? { total: found.total, exact: false } : found;
  }

  const [counted, rows] = await Promise.all([
    count(),
    planned(db, plan, (tx) =>
      keysetPage<RawLead & { matches?: number | string }>(tx, { select, where, params: p, order: NEWEST_FIRST }, page),
    ),
  ]);
  const { total, exact } = counted ?? capped(Number(rows.rows[0]?.matches ?? 0));
  // A floor is at least what the first page shows.
  return { total: exact || page.after || page.before ? total : Math.max(total, rows.rows.length), exact, rows };
}
