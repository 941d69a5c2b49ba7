import type { Database, Queryable } from '../db/database';
import type { ConsentToken } from './consent-links';

/** The tokens of a job application's acknowledgement (a submission's are stored with it, in storeSubmissions). */
export async function insertApplicationTokens(tx: Queryable, applicationId: string, tokens: ConsentToken[]) {
  for (const t of tokens) {
    await tx.query('insert into consent_tokens (token_hash, application_id, purpose, expires_at) values ($1, $2, $3, $4)', [
      t.hash,
      applicationId,
      t.purpose,
      t.expiresAt,
    ]);
  }
}

export type ConfirmOutcome = 'confirmed' | 'already-confirmed' | 'withdrawn' | 'invalid';

/** What a confirmation link would do now, without spending it: 'pending' when it would confirm. */
export async function confirmationState(db: Queryable, hash: string): Promise<ConfirmOutcome | 'pending'> {
  const [row] = await db.query<{ fresh: boolean; confirmed_at: Date | null; withdrawn_at: Date | null }>(
    `select t.used_at is null and t.expires_at > now() as fresh, s.confirmed_at, s.consent_withdrawn_at as withdrawn_at
       from consent_tokens t join submissions s on s.id = t.submission_id where t.token_hash = $1 and t.purpose = 'confirm'`,
    [hash],
  );
  if (!row) return 'invalid';
  if (row.withdrawn_at) return 'withdrawn';
  if (row.confirmed_at) return 'already-confirmed';
  return row.fresh ? 'pending' : 'invalid';
}

/**
 * Activates a pending newsletter subscription, spending its confirmation token; a token already spent on it says
 * so, and an expired or unknown one is invalid. A subscription withdrawn before it was confirmed stays withdrawn.
 */
export async function confirmSubscription(db: Queryable, hash: string): Promise<ConfirmOutcome> {
  const [row] = await db.query<{ confirmed: boolean; confirmed_at: Date | null; withdrawn_at: Date | null; fresh: boolean }>(
    `with token as (
       select t.submission_id, t.used_at is null and t.expires_at > now() as fresh
         from consent_tokens t where t.token_hash = $1 and t.purpose = 'confirm' and t.submission_id is not null),
     spent as (
       update consent_tokens set used_at = now() where token_hash = $1 and (select fresh from token) returning 1),
     confirmed as (
       update submissions s set confirmed_at = now() from token
        where s.id = token.submission_id and token.fresh and s.confirmed_at is null and s.consent_withdrawn_at is null
        returning s.id),
     released as (
       update outbox o set next_attempt_at = now() from confirmed
        where o.submission_id = confirmed.id and o.sent_at is null and o.next_attempt_at = 'infinity')
     select exists (select from confirmed) as confirmed, s.confirmed_at, s.consent_withdrawn_at as withdrawn_at, token.fresh
       from token join submissions s on s.id = token.submission_id`,
    [hash],
  );
  if (!row) return 'invalid';
  if (row.confirmed) return 'confirmed';
  if (row.withdrawn_at) return 'withdrawn';
  if (row.confirmed_at) return 'already-confirmed';
  return 'invalid';
}

export interface Withdrawal {
  /** The form (or job-application) whose consent was withdrawn. */
  formId: string;
  /** When it was first withdrawn: a second click changes nothing. */
  withdrawnAt: Date;
}

/**
 * Records that the visitor withdrew their consent to a submission (for the newsletter: unsubscribed) or job
 * application, keeping the time of the first withdrawal; mail to them not yet sent is dropped. Null for a token that
 * names nothing (never issued, or its record is gone).
 */
export async function withdrawConsent(db: Database, hash: string): Promise<Withdrawal | null> {
  return db.transaction(async (tx) => {
    const [token] = await tx.query<{ submission_id: string | null; application_id: string | null }>(
      "update consent_tokens set used_at = coalesce(used_at, now()) where token_hash = $1 and purpose = 'withdraw' returning submission_id, application_id",
      [hash],
    );
    if (!token) return null;
    if (token.submission_id) {
      const [row] = await tx.query<{ form_id: string; consent_withdrawn_at: Date }>(
        `update submissions set consent_withdrawn_at = coalesce(consent_withdrawn_at, now()) where id = $1
         returning form_id, consent_withdrawn_at`,
        [token.submission_id],
      );
      // The visitor asked for no further contact: acknowledgements still queued for them are not sent, nor what
      // waited for a confirmation that will not come.
      await tx.query("delete from outbox where submission_id = $1 and sent_at is null and (kind = 'ack' or next_attempt_at = 'infinity')", [
        token.submission_id,
      ]);
      return row ? { formId: row.form_id, withdrawnAt: row.consent_withdrawn_at } : null;
    }
    const [row] = await tx.query<{ consent_withdrawn_at: Date }>(
      'update job_applications set consent_withdrawn_at = coalesce(consent_withdrawn_at, now()) where id = $1 returning consent_withdrawn_at',
      [token.application_id],
    );
    return row ? { formId: 'job-application', withdrawnAt: row.consent_withdrawn_at } : null;
  });
}
