import type { Queryable } from './database';
import { SqlParams } from './sql-params';

/**
 * One column of a list's order. The last key must be unique (the id), so every row has its own place in the order
 * and a cursor names exactly one row.
 */
export interface SortKey {
  /** An expression over the query's tables, e.g. `s.created_at`. */
  sql: string;
  direction: 'asc' | 'desc';
}

/** Where a page of a list starts: after the row a cursor names, before it, or at the top. */
export interface PageRequest {
  after?: string;
  before?: string;
  pageSize: number;
  /**
   * Rows left out at the top when no cursor is given: a page asked for by its number (a link to "page 3" that anyone
   * can open). OFFSET reads the rows it skips, so a list that takes it bounds it.
   */
  skip?: number;
}

export interface KeysetPage<Row> {
  rows: Row[];
  /** The cursor of the page after this one, or null at the end. */
  nextCursor: string | null;
  /** The cursor of the page before this one, or null at the top. */
  prevCursor: string | null;
}

/** A cursor is the sort keys of one row as the database prints them (no precision lost), in base64url. */
const encodeCursor = (keys: string[]) => Buffer.from(JSON.stringify(keys)).toString('base64url');

/** A cursor's keys, or undefined when it is not one of ours (a mangled link) or does not fit this order. */
function decodeCursor(cursor: string, keyCount: number): string[] | undefined {
  try {
    const keys: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(keys) && keys.length === keyCount && keys.every((k) => typeof k === 'string') ? keys : undefined;
  } catch {
    return undefined;
  }
}

/** A cursor that cannot be read: the error handler answers 400 with this message. */
class BadCursorError extends Error {
  readonly statusCode = 400;
  constructor() {
    super('This page link is no longer valid: go back to the first page of the list.');
  }
}

const flip = (direction: SortKey['direction']): SortKey['direction'] => (direction === 'asc' ? 'desc' : 'asc');

/**
 * Rows strictly beyond `keys` in this order. One direction compares as a row value, which a matching index serves
 * directly; mixed directions expand to (a > x) or (a = x and b > y) ….
 */
function beyond(order: SortKey[], keys: string[], p: SqlParams): string {
  const values = keys.map((k) => p.add(k));
  const [first] = order;
  if (first && order.every((k) => k.direction === first.direction)) {
    const op = first.direction === 'asc' ? '>' : '<';
    return `(${order.map((k) => k.sql).join(', ')}) ${op} (${values.join(', ')})`;
  }
  const branches = order.map((key, i) => {
    const equal = order.slice(0, i).map((k, j) => `${k.sql} = ${values[j]}`);
    return [...equal, `${key.sql} ${key.direction === 'asc' ? '>' : '<'} ${values[i]}`].join(' and ');
  });
  return `(${branches.map((b) => `(${b})`).join(' or ')})`;
}

export interface KeysetQuery {
  /** `select <columns> from <tables>`, without where or order. */
  select: string;
  /** A condition over those tables, with its values already in `params`. */
  where: string;
  params: SqlParams;
  order: SortKey[];
}

/**
 * One page of a list in a stable order, found by the sort keys of the row before it rather than by OFFSET: as fast
 * on page 5,000 as on page 1 (given an index in that order), and rows added while someone pages through never
 * shift a row onto a second page or off the list.
 */
export async function keysetPage<Row>(db: Queryable, query: KeysetQuery, page: PageRequest): Promise<KeysetPage<Row>> {
  const { order, params: p } = query;
  const cursor = page.before ?? page.after;
  const keys = cursor === undefined ? undefined : decodeCursor(cursor, order.length);
  if (cursor !== undefined && !keys) throw new BadCursorError();
  const backwards = page.before !== undefined;
  const skip = keys ? 0 : (page.skip ?? 0);
  // Going back reads the order reversed from the cursor, then turns the rows round.
  const walk = backwards ? order.map((k) => ({ ...k, direction: flip(k.direction) })) : order;
  const where = keys ? `(${query.where}) and ${beyond(walk, keys, p)}` : query.where;
  const keyColumns = order.map((k, i) => `(${k.sql})::text as keyset_${i}`).join(', ');
  const rows = await db.query<Row & Record<`keyset_${number}`, string>>(
    `${query.select.replace(/^\s*select\s/i, `select ${keyColumns}, `)} where ${where}
      order by ${walk.map((k) => `${k.sql} ${k.direction}`).join(', ')} limit ${p.add(page.pageSize + 1)}${skip ? ` offset ${p.add(skip)}` : ''}`,
    p.values,
  );
  const more = rows.length > page.pageSize;
  const pageRows = rows.slice(0, page.pageSize);
  if (backwards) pageRows.reverse();
  const cursorOf = (row: Record<string, unknown> | undefined) =>
    row ? encodeCursor(order.map((_, i) => String(row[`keyset_${i}`]))) : null;
  const firstRow = pageRows[0];
  const lastRow = pageRows[pageRows.length - 1];
  return {
    rows: pageRows,
    nextCursor: backwards || more ? cursorOf(lastRow) : null,
    prevCursor: backwards ? (more ? cursorOf(firstRow) : null) : keys || skip ? cursorOf(firstRow) : null,
  };
}

/** Counts above this are shown as "more than": counting a million matching rows on every page costs a scan. */
export const COUNT_CAP = 10_000;

/** How many rows match, exactly up to COUNT_CAP; past it, COUNT_CAP and `exact: false`. */
export async function countUpTo(db: Queryable, fromWhere: string, values: unknown[], cap = COUNT_CAP) {
  const [row] = await db.query<{ n: number | string }>(
    `select count(*) as n from (select 1 ${fromWhere} limit ${Number(cap) + 1}) capped`,
    values,
  );
  const n = Number(row?.n ?? 0);
  return n > cap ? { total: cap, exact: false } : { total: n, exact: true };
}
