import type { Queryable } from '../db/database';
import { createGroupCommit } from '../db/group-commit';

export interface WindowCount {
  /** Hits so far in the key's current window, this one included. */
  hits: number;
  /** Milliseconds until that window ends. */
  ttlMs: number;
}

interface Hit {
  key: string;
  windowMs: number;
}

/**
 * Counts hits in fixed windows, in the database so every server process shares the count. Hits that arrive while a
 * count is being written wait and are written together, in one statement (group commit): under load a request costs a
 * share of one round trip instead of its own, and fifty requests of one address add fifty to their row at once
 * instead of queueing on its lock one by one. Each hit still gets its own place in the count.
 */
export function createHitCounter(db: Queryable) {
  const commit = createGroupCommit(async (hits: Hit[]): Promise<WindowCount[]> => {
    // One row per key (a key is a route's, counted in that route's one window), in key order, so two processes
    // writing at once never deadlock.
    const groups = new Map<string, { key: string; windowMs: number; hits: number[] }>();
    hits.forEach((hit, i) => {
      const group = groups.get(hit.key) ?? { key: hit.key, windowMs: hit.windowMs, hits: [] };
      group.hits.push(i);
      groups.set(hit.key, group);
    });
    const ordered = [...groups.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
    const rows = await db.query<{ key: string; hits: number; start_ms: number; now_ms: number }>(
      `insert into rate_limits as r (key, window_start, hits)
       select c.key, to_timestamp(floor(extract(epoch from now()) * 1000 / c.window_ms) * c.window_ms / 1000.0), c.n
         from unnest($1::text[], $2::float8[], $3::int[]) with ordinality c (key, window_ms, n, i)
        order by c.i
       on conflict (key, window_start) do update set hits = r.hits + excluded.hits
       returning r.key, r.hits, extract(epoch from r.window_start)::float8 * 1000 as start_ms,
                 extract(epoch from now())::float8 * 1000 as now_ms`,
      [ordered.map((g) => g.key), ordered.map((g) => g.windowMs), ordered.map((g) => g.hits.length)],
    );
    const counted = new Map(rows.map((row) => [row.key, row]));
    const counts: WindowCount[] = new Array(hits.length);
    for (const group of ordered) {
      const row = counted.get(group.key);
      if (!row) throw new Error('rate limit: no row counted');
      const ttlMs = Math.max(1000, Math.ceil(row.start_ms + group.windowMs - row.now_ms));
      // The group's hits are the last of the row's count, in the order they arrived.
      group.hits.forEach((hit, i) => (counts[hit] = { hits: row.hits - group.hits.length + 1 + i, ttlMs }));
    }
    return counts;
  });
  /** Counts one hit of key in its current window of windowMs. */
  return (key: string, windowMs: number) => commit({ key, windowMs });
}

/** Windows are at most ten minutes long: older rows count nothing. */
export async function forgetOldRateLimitWindows(db: Queryable) {
  await db.query(`delete from rate_limits where window_start < now() - interval '10 minutes'`);
}
