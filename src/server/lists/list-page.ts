import type { Database, Queryable } from '../db/database';
import { COUNT_CAP, countUpTo, keysetPage, type KeysetQuery, type PageRequest } from '../db/keyset';
import { SqlParams } from '../db/sql-params';
import { containsPattern } from '../db/sql-values';
import { FieldErrors } from '../http/error-reply';
import { SEARCH_TOO_SHORT, isSearchable } from '../../shared/lead-search';

/**
 * Text a list's rows must contain: `column` (an expression) is lower-cased and has a trigram index; a row matches
 * when it contains any of `texts` (a city and its other spelling, or just the words typed). `field` is the query
 * parameter it came from.
 */
export interface ListSearch {
  column: string;
  texts: readonly string[];
  field: string;
}

/** The search of a list's search box: what was typed into `field`, if anything, looked for in `column`. */
export const typedSearch = (column: string, field: string, typed: string | undefined): ListSearch[] =>
  typed?.trim() ? [{ column, texts: [typed.trim()], field }] : [];

type Count = { total: number; exact: boolean };

export interface ListQuery extends KeysetQuery {
  /** `from <tables>` for counting and probing: the list's own tables, without what only its columns need. */
  countFrom: string;
  /** Each must match, besides `where`. */
  searches?: readonly ListSearch[];
  /** How many rows `where` matches, when a table of counts already says: without a search, nothing is counted. */
  known?: () => Promise<Count>;
  /** Where counting stops without a search, when a list says less than COUNT_CAP is worth reading. */
  countCap?: number;
  /**
   * The share of the first PROBE rows from which a search walks rather than looks up (default 2%). Walking finds a
   * page of 20 in 20 / share rows; looking up reads every match (share × all rows) to order them: the two cost the
   * same near the square root of 20 / all rows, 2% at 50,000 rows, 0.5% at a million.
   */
  commonShare?: number;
  /**
   * Where the probe reads instead of `where`, with its own values: when `where` has no index in the list's order
   * (reading its first thousand rows would walk many more). Its counts then say nothing of `where`'s.
   */
  probe?: { where: string; params: SqlParams };
}

/**
 * A search counts its matches up to this many: it is for finding someone, and an exact count of thousands of
 * matches would read thousands of rows' text on every page.
 */
export const SEARCH_COUNT_CAP = 100;

/** How many of the first rows of the list (under the other filters) a search reads first, to see how common it is. */
const PROBE = 1000;

/**
 * Planner settings for a list's statements, which must not depend on statistics: PGlite never analyzes, and the ways
 * to answer differ a hundredfold when the planner guesses wrong. WALK reads the index of the list's order and checks
 * each row, stopping at the page's (or the count's) end: the plan of every list without a search, and of a search
 * for a common text, found within a few hundred rows. TRIGRAM asks the trigram indexes for every row that contains
 * the text, then sorts those: the plan of a search for a rare text. Neither starts parallel workers nor compiles the
 * statement (JIT): either costs more than reading a page, and a path switched off weighs so much in the planner's
 * sums that PostgreSQL would otherwise compile every search.
 */
const SHORT = { max_parallel_workers_per_gather: '0', jit: 'off' };
const WALK = { ...SHORT, enable_bitmapscan: 'off', enable_seqscan: 'off', enable_sort: 'off' };
const TRIGRAM = { ...SHORT, enable_indexscan: 'off', enable_seqscan: 'off' };
type Plan = typeof WALK | typeof TRIGRAM;

function planned<T>(db: Database, plan: Plan, run: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const sets = Object.entries(plan).map(([name, value]) => `set_config('${name}', '${value}', true)`);
    await tx.query(`select ${sets.join(', ')}`);
    return run(tx);
  });
}

const orderBy = (query: KeysetQuery) => `order by ${query.order.map((k) => `${k.sql} ${k.direction}`).join(', ')}`;
const any = (clauses: string[]) => (clauses.length === 1 ? (clauses[0] ?? 'false') : `(${clauses.join(' or ')})`);

/** strpos says whether one row contains a text several times faster than like: a walk checks it first. */
export const quickly = ({ column, texts }: ListSearch, p: SqlParams) =>
  any(texts.map((t) => `strpos(${column}, lower(${p.add(t)}::text)) > 0`));

/** like is what the trigram index answers. */
export const indexed = ({ column, texts }: ListSearch, p: SqlParams) =>
  any(texts.map((t) => `${column} like lower(${p.add(containsPattern(t))}::text)`));

/** How many of the first PROBE rows of the list, under its other filters, the searches match. */
async function probe(db: Database, query: ListQuery, searches: readonly ListSearch[]) {
  const from = query.probe ?? query;
  const p = new SqlParams();
  p.values.push(...from.params.values);
  const match = searches.map((s) => quickly(s, p)).join(' and ');
  const [seen] = await planned(db, WALK, (tx) =>
    tx.query<{ scanned: number; hits: number }>(
      `select count(*)::int as scanned, count(*) filter (where w.hit)::int as hits
         from (select ${match} as hit ${query.countFrom} where ${from.where} ${orderBy(query)} limit ${PROBE}) w`,
      p.values,
    ),
  );
  return { scanned: seen?.scanned ?? 0, hits: seen?.hits ?? 0 };
}

/**
 * A page of a list as the API answers it: its rows in the list's order, the cursors beside it, and how many rows
 * match (up to the list's cap, COUNT_CAP unless it says, or SEARCH_COUNT_CAP for a search).
 */
export async function listPage<Row>(db: Database, query: ListQuery, page: PageRequest) {
  const searches = query.searches ?? [];
  // A text the trigram index cannot look up would be read for in every row: refused, not scanned.
  const unsearchable = searches.find((s) => !s.texts.every(isSearchable));
  if (unsearchable) throw new FieldErrors(400, [{ field: unsearchable.field, message: SEARCH_TOO_SHORT }]);
  const seen = searches.length ? await probe(db, query, searches) : undefined;
  // A text found in commonShare of the first rows or more is walked for, a rarer one looked up in the trigram index.
  const plan = !seen || seen.scanned < PROBE || seen.hits >= PROBE * (query.commonShare ?? 0.02) ? WALK : TRIGRAM;
  // The probe's counts are the list's when it read the list itself.
  const probed = query.probe ? undefined : seen;
  // Looked up by trigrams, the other filters are checked on the rows found rather than read from their own indexes
  // (coalesce hides them from the planner): a bitmap of half a million candidates costs more than the search.
  const others = plan === TRIGRAM ? `coalesce((${query.where}), false)` : query.where;
  const p = query.params;
  const where = [others, ...searches.map((s) => (plan === WALK ? `${quickly(s, p)} and ${indexed(s, p)}` : indexed(s, p)))].join(' and ');
  // The count takes the filters' values only: keysetPage adds the cursor's to the same params.
  const values = [...p.values];
  const cap = seen ? SEARCH_COUNT_CAP : (query.countCap ?? COUNT_CAP);
  const count = async () => {
    if (!seen && query.known) return query.known();
    if (probed && probed.scanned < PROBE) return { total: probed.hits, exact: true };
    if (probed && probed.hits > cap) return { total: cap, exact: false };
    // Walking, the count reads in the list's order, as the page does, and stops at the cap.
    const order = plan === WALK ? ` ${orderBy(query)}` : '';
    return planned(db, plan, (tx) => countUpTo(tx, `${query.countFrom} where ${where}${order}`, values, cap));
  };
  const pageOf = () => planned(db, plan, (tx) => keysetPage<Row>(tx, { ...query, where }, page));
  let found: Awaited<ReturnType<typeof pageOf>>;
  let counted: Count;
  if (plan === TRIGRAM) {
    // A rare text's matches often fit on the first page, which is then its own count.
    found = await pageOf();
    const whole = page.after === undefined && page.before === undefined && !page.skip && found.nextCursor === null;
    counted = whole ? { total: found.rows.length, exact: true } : await count();
  } else {
    // On PostgreSQL the count and the page run at once, on two connections.
    [counted, found] = await Promise.all([count(), pageOf()]);
  }
  const { total, exact } = counted;
  // The sort keys keysetPage reads back for the cursors are no part of a row.
  const rows = found.rows.map((row) => Object.fromEntries(Object.entries(row as object).filter(([k]) => !k.startsWith('keyset_'))) as Row);
  return { rows, nextCursor: found.nextCursor, prevCursor: found.prevCursor, total, totalExact: exact, pageSize: page.pageSize };
}
