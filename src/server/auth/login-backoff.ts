import { queryOne, type Database, type Queryable } from '../db/database';

/**
 * What a login is throttled by: the account and the client address. Only failures count; past `after` of them each
 * further attempt waits 1 s, 2 s, 4 s ... (at most `maxSeconds`) after the last failure, so a guesser slows down
 * while the real user, once the wait is over, gets in with the right password.
 */
export interface LoginSubject {
  key: string;
  after: number;
  maxSeconds: number;
  /** A success clears the account's failures; an address's stay, so logging in to one account cannot reset guessing at others. */
  clearOnSuccess: boolean;
}

/** Failures this old are forgotten. */
const FORGET_AFTER = "interval '1 day'";
/** How long an attempt being checked holds its subject: far longer than a password check takes. */
const IN_FLIGHT = "interval '30 seconds'";

export function backoffSeconds(failures: number, subject: Pick<LoginSubject, 'after' | 'maxSeconds'>): number {
  if (failures < subject.after) return 0;
  return Math.min(subject.maxSeconds, 2 ** Math.min(failures - subject.after, 30));
}

export type LoginGate = { allowed: true; held: string[] } | { allowed: false; retryAfter: number };

/** Whether an attempt may be checked now; in the database, so every server process sees the same waits. */
export async function enterLogin(db: Database, subjects: LoginSubject[]): Promise<LoginGate> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ key: string; failures: number; wait: number }>(
      `select key, failures, greatest(0, ceil(extract(epoch from blocked_until - now())))::int as wait
         from login_failures where key = any($1::text[]) and last_failed_at > now() - ${FORGET_AFTER}
         order by key for update`,
      [subjects.map((s) => s.key)],
    );
    const wait = Math.max(0, ...rows.map((r) => Number(r.wait ?? 0)));
    if (wait > 0) return { allowed: false, retryAfter: wait };
    // In back-off one attempt is checked at a time: otherwise a burst sent the moment a wait ends would all be tried.
    const threshold = new Map(subjects.map((s) => [s.key, s.after]));
    const held = rows.filter((r) => r.failures >= (threshold.get(r.key) ?? Infinity)).map((r) => r.key);
    if (held.length) await tx.query(`update login_failures set blocked_until = now() + ${IN_FLIGHT} where key = any($1::text[])`, [held]);
    return { allowed: true, held };
  });
}

/** Records how a checked attempt ended: a failure starts or lengthens the wait, a success clears or releases. */
export async function leaveLogin(db: Queryable, subjects: LoginSubject[], held: string[], outcome: 'failed' | 'succeeded' | 'aborted') {
  if (outcome === 'failed') {
    for (const subject of subjects) {
      const row = await queryOne<{ failures: number }>(
        db,
        `insert into login_failures (key, failures, last_failed_at) values ($1, 1, now())
         on conflict (key) do update set
           failures = case when login_failures.last_failed_at > now() - ${FORGET_AFTER} then login_failures.failures + 1 else 1 end,
           last_failed_at = now()
         returning failures`,
        [subject.key],
      );
      const wait = backoffSeconds(row.failures, subject);
      await db.query(
        `update login_failures set blocked_until = case when $2::int > 0 then now() + $2::int * interval '1 second' end where key = $1`,
        [subject.key, wait],
      );
    }
    return;
  }
  if (outcome === 'succeeded') {
    const cleared = subjects.filter((s) => s.clearOnSuccess).map((s) => s.key);
    if (cleared.length) await db.query('delete from login_failures where key = any($1::text[])', [cleared]);
  }
  if (held.length) await db.query('update login_failures set blocked_until = null where key = any($1::text[])', [held]);
}

export async function forgetOldLoginFailures(db: Queryable) {
  await db.query(
    `delete from login_failures where last_failed_at < now() - ${FORGET_AFTER} and (blocked_until is null or blocked_until < now())`,
  );
}
