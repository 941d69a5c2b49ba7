import type { Queryable } from './database';

/** Drops what only matters for a while: spent captchas past their expiry and old rate-limit windows. */
export async function sweepExpired(db: Queryable) {
  await db.query('delete from captcha_spent where expires_at < now()');
  await db.query(`delete from rate_limits where window_start < now() - interval '10 minutes'`);
}
