import type { Queryable } from '../db/database';

/**
 * Counts one hit of key in its current fixed window, in the database so every server process shares the count.
 * Returns the hits so far in this window and the milliseconds until it ends.
 */
export async function countHit(db: Queryable, key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
  const [row] = await db.query<{ hits: number; ttl_ms: number }>(
    `with w as (select to_timestamp(floor(extract(epoch from now()) * 1000 / $2) * $2 / 1000.0) as start)
     insert into rate_limits (key, window_start, hits) select $1, w.start, 1 from w
     on conflict (key, window_start) do update set hits = rate_limits.hits + 1
     returning hits, ceil(extract(epoch from window_start + make_interval(secs => $2 / 1000.0) - now()) * 1000)::int as ttl_ms`,
    [key, windowMs],
  );
  if (!row) throw new Error('rate limit: no row counted');
  return { hits: row.hits, ttlMs: Math.max(1000, row.ttl_ms) };
}
