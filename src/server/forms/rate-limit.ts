import type { Queryable } from '../db/database';

export interface RateCheck {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

/**
 * A fixed one-minute window per key, counted in the database so every server process shares it.
 */
export async function hit(db: Queryable, key: string, perMinute: number): Promise<RateCheck> {
  const [row] = await db.query<{ hits: number; retry_after: number }>(
    `insert into rate_limits (key, window_start, hits) values ($1, date_trunc('minute', now()), 1)
     on conflict (key, window_start) do update set hits = rate_limits.hits + 1
     returning hits, ceil(extract(epoch from date_trunc('minute', now()) + interval '1 minute' - now()))::int as retry_after`,
    [key],
  );
  return { allowed: row.hits <= perMinute, retryAfter: Math.max(1, row.retry_after) };
}
