import type { Queryable } from '../db/database';
import type { OutboxRow } from './outbox-row';

// bigserial: a string from pg, a number from PGlite.
export type ClaimedRow = OutboxRow & { id: string | number; attempts: number };

/** When a row held for the visitor's confirmation is due: never, until confirmSubscription releases it. */
const HELD = 'infinity';

/** Queues what a record owes, inside the transaction that stores the record, so neither exists without the other. */
export async function queueOutboxRows(tx: Queryable, submissionId: string | null, rows: OutboxRow[]) {
  for (const row of rows) {
    await tx.query('insert into outbox (submission_id, kind, payload, next_attempt_at) values ($1, $2, $3::jsonb, $4::timestamptz)', [
      submissionId,
      row.kind,
      JSON.stringify(row.payload),
      row.held ? HELD : 'now',
    ]);
  }
}

/**
 * Leases due rows in one statement (its own transaction): skip locked lets another process claim other rows at
 * the same moment, and the lease keeps a claimed row from being taken again while it is delivered.
 * Without a mail transport, mail rows are left as they are, and so are forwards whose endpoint variable is not set and
 * Firestore copies while Firestore is not configured: waiting for configuration is not a failed attempt.
 */
export function claimDueRows(
  db: Queryable,
  {
    leaseSeconds,
    withMail,
    forwardEnvs,
    withFirestore,
    limit,
  }: { leaseSeconds: number; withMail: boolean; forwardEnvs: string[]; withFirestore: boolean; limit: number },
) {
  return db.query<ClaimedRow>(
    `update outbox set locked_until = now() + make_interval(secs => $1)
     where id in (
       select id from outbox
       where sent_at is null and next_attempt_at <= now() and (locked_until is null or locked_until < now())
         and (case when kind in ('sheet', 'webhook', 'sms') then payload->>'urlEnv' = any($4::text[]) when kind = 'firestore' then $5 else $2 end)
       order by next_attempt_at, id
       limit $3
       for update skip locked)
     returning id, kind, payload, attempts`,
    [leaseSeconds, withMail, limit, forwardEnvs, withFirestore],
  );
}

/** A failed attempt: backoff 15 s doubling to 1 h; the row is never dropped. */
export async function markFailed(db: Queryable, id: string | number, message: string) {
  await db.query(
    `update outbox set attempts = attempts + 1, last_error = $2, locked_until = null,
       next_attempt_at = now() + make_interval(secs => least(15 * power(2, least(attempts, 8)), 3600))
     where id = $1`,
    [id, message],
  );
}

/** Marked at once, so no later batch sends it again. */
export async function markSent(db: Queryable, id: string | number) {
  await db.query('update outbox set sent_at = now(), locked_until = null, last_error = null where id = $1', [id]);
}

/** Gives up the lease of rows still undelivered, so another process takes them at once. */
export async function releaseLeases(db: Queryable, ids: string[]) {
  await db.query('update outbox set locked_until = null where id = any($1::bigint[]) and sent_at is null', [ids]);
}
