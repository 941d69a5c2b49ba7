import type { Database, Queryable } from '../db/database';
import type { CaptchaCheck } from '../captcha/captcha';
import { spendCaptcha } from '../forms/form-checks';
import { eraseJobApplications, eraseSubmissions } from '../retention/erase-records';
import { queueOutboxRows } from '../outbox/store';
import type { MailPayload, OutboxRow } from '../outbox/outbox-row';
import type { DataRequestForm, DataRequestSummary } from '../../shared/api/data-requests';
import { forgetAddress } from '../people/store';

/** How a person's records are found, by email address (without regard to case) or by mobile number (the same whole E.164 number). */
const BY_EMAIL = {
  submissions: `lower(data->>'email') = lower($1)`,
  applications: 'lower(email) = lower($1)',
  /** Mail to or about the person, sent or not: acknowledgements to them, notifications that quote them. */
  outbox: `(lower(payload->>'replyTo') = lower($1) or lower(payload->>'about') = lower($1)
    or exists (select from jsonb_array_elements_text(case when jsonb_typeof(payload->'to') = 'array' then payload->'to' end) t
               where lower(t) = lower($1)))`,
  requests: 'lower(email) = lower($1)',
};
/**
 * The forms call a mobile number `phone` or `contact`, stored in E.164 (migration 022 indexes both): a number matches
 * only itself, never another country's number that ends in the same digits.
 */
const BY_PHONE = {
  submissions: `coalesce(data->>'phone', data->>'contact') = $1`,
  applications: 'phone = $1',
  /** SMS sent to the number, and mail to staff about its requests (mail about its forms goes with them). */
  outbox: `((kind = 'sms' and payload->'body'->>'to' = $1) or payload->>'about' = $1)`,
  requests: 'phone = $1',
};
const matchers = (who: Who) => (who.byPhone ? BY_PHONE : BY_EMAIL);

/** Whom a request is about: an email address, or a mobile number the link went to by SMS. */
export interface Who {
  who: string;
  byPhone: boolean;
}
/** A request's person as the queries below read it. */
const WHO = 'coalesce(email, phone) as who, phone is not null as "byPhone"';
const HELD = '(email is not null or phone is not null)';

/**
 * Stores a request waiting for its confirmation link to be used, and queues the mail that carries the link; the
 * captcha is spent in the same transaction (a second use is refused).
 */
export async function createDataRequest(
  db: Database,
  request: Omit<DataRequestForm, 'contact'> &
    Who & { tokenHash: string; expiresAt: Date; dueAt: Date; message: OutboxRow; captcha: CaptchaCheck },
) {
  return db.transaction(async (tx) => {
    await spendCaptcha(tx, request.captcha);
    const [row] = await tx.query<{ id: string }>(
      'insert into data_requests (kind, email, phone, details, token_hash, expires_at, due_at) values ($1, $2, $3, $4, $5, $6, $7) returning id',
      [
        request.kind,
        request.byPhone ? null : request.who,
        request.byPhone ? request.who : null,
        request.kind === 'correction' ? request.details : null,
        request.tokenHash,
        request.expiresAt,
        request.dueAt,
      ],
    );
    await queueOutboxRows(tx, null, [request.message]);
    return row?.id ?? '';
  });
}

export interface PendingRequest extends Who {
  id: string;
  kind: DataRequestForm['kind'];
  /** A correction's account of what is wrong. */
  details: string | null;
  /** The law's deadline for the answer. */
  due_at: Date;
}

/** The unconfirmed request a live confirmation token names, without spending it. */
export async function pendingRequest(db: Queryable, tokenHash: string): Promise<PendingRequest | null> {
  const [row] = await db.query<PendingRequest>(
    `select id, kind, ${WHO}, details, due_at from data_requests
      where token_hash = $1 and confirmed_at is null and expires_at > now() and ${HELD}`,
    [tokenHash],
  );
  return row ?? null;
}

/**
 * Spends a confirmation token: answers the request it confirmed, or null when it was not live. A correction goes to
 * the admins' queue, and the mail telling the grievance officer about it is queued with the confirmation.
 */
export async function confirmDataRequest(
  db: Database,
  tokenHash: string,
  correctionNotice: (request: PendingRequest) => MailPayload,
): Promise<PendingRequest | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<PendingRequest>(
      `update data_requests set confirmed_at = now(), token_hash = null
        where token_hash = $1 and confirmed_at is null and expires_at > now() and ${HELD}
        returning id, kind, ${WHO}, details, due_at`,
      [tokenHash],
    );
    if (row?.kind === 'correction') await queueOutboxRows(tx, null, [{ kind: 'email', payload: correctionNotice(row) }]);
    return row ?? null;
  });
}

/**
 * An admin's answer to a confirmed correction: the mail to the person is queued, and the request forgets their address
 * and words, keeping whether it was corrected or declined. False when there is no such open correction.
 */
export async function answerCorrection(
  db: Database,
  id: string,
  outcome: 'corrected' | 'declined',
  answer: (request: PendingRequest) => OutboxRow,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<PendingRequest>(
      `select id, kind, ${WHO}, details, due_at from data_requests
        where id = $1 and kind = 'correction' and confirmed_at is not null and completed_at is null and ${HELD}
        for update`,
      [id],
    );
    if (!row) return false;
    await queueOutboxRows(tx, null, [answer(row)]);
    await tx.query(
      'update data_requests set email = null, phone = null, details = null, completed_at = now(), outcome = $2::jsonb where id = $1',
      [id, JSON.stringify({ [outcome]: 1 })],
    );
    return true;
  });
}

/**
 * Everything held about a person: their submissions (newsletter included), job applications (with their pipeline's
 * history) and their files.
 */
export async function recordsOf(db: Queryable, person: Who) {
  const of = matchers(person);
  const params = [person.who];
  const submissions = await db.query(
    `select id, form_id as form, collection, page, city, data, consent, status, created_at, confirmed_at, consent_withdrawn_at
       from submissions where ${of.submissions} order by created_at`,
    params,
  );
  // With where each stands in the job's pipeline and its history: the notes staff wrote about the person are theirs too.
  const jobApplications = await db.query(
    `select a.id, a.job_id, j.title as job, a.name, a.email, a.phone, a.consent, a.created_at, a.consent_withdrawn_at,
            a.stage, a.closed_reason, a.interview_at,
            (select jsonb_agg(jsonb_build_object('at', e.created_at, 'kind', e.kind, 'stage', e.to_stage, 'reason', e.reason, 'note', e.body)
                              order by e.id)
               from application_events e where e.application_id = a.id) as history
       from job_applications a join jobs j on j.id = a.job_id
      where a.id in (select id from job_applications where ${of.applications}) order by a.created_at`,
    params,
  );
  const uploads = await db.query(
    `select u.id, u.kind, u.original_name, u.media_type, u.size_bytes, u.created_at from uploads u
      where u.submission_id in (select id from submissions where ${of.submissions})
         or u.id in (select resume_upload_id from job_applications where ${of.applications})
      order by u.created_at`,
    params,
  );
  const newsletter = submissions.filter((s) => s.collection === 'NewsletterSubscriptions').length;
  return {
    submissions,
    jobApplications,
    uploads,
    counts: { submissions: submissions.length - newsletter, newsletter, jobApplications: jobApplications.length, uploads: uploads.length },
  };
}

/** An access request answered: the export may be downloaded with its own token until exportExpiresAt. */
export async function completeAccess(
  db: Queryable,
  id: string,
  exportTokenHash: string,
  exportExpiresAt: Date,
  outcome: Record<string, number>,
) {
  await db.query(
    'update data_requests set export_token_hash = $2, export_expires_at = $3, completed_at = now(), outcome = $4::jsonb where id = $1',
    [id, exportTokenHash, exportExpiresAt, JSON.stringify(outcome)],
  );
}

/** The person whose export a live export token opens. */
export async function exportPerson(db: Queryable, exportTokenHash: string): Promise<Who | null> {
  const [row] = await db.query<Who>(
    `select ${WHO} from data_requests where export_token_hash = $1 and export_expires_at > now() and ${HELD}`,
    [exportTokenHash],
  );
  return row ?? null;
}

/**
 * Erases everything held about the address: submissions with their notes, files, tokens and outbox rows; job
 * applications with their resumes; and mail to or about them, sent or waiting. The request keeps only its audit
 * entry: the address is forgotten, the counts per category stay.
 */
export async function completeErasure(db: Database, dataDir: string, request: PendingRequest) {
  const of = matchers(request);
  const params = [request.who];
  const outcome = {
    submissions: await eraseSubmissions(db, dataDir, of.submissions, params),
    jobApplications: await eraseJobApplications(db, dataDir, of.applications, params),
    mail: (await db.query(`delete from outbox where ${of.outbox} returning 1`, params)).length,
  };
  // The address is no longer a key to whoever else the person sent (a merged phone number, say).
  await forgetAddress(db, request.byPhone ? { phone: request.who } : { email: request.who });
  // Other requests of the same address are answered too: nothing is left to show, erase or correct.
  await db.query(
    `update data_requests set email = null, phone = null, details = null, token_hash = null, export_token_hash = null,
       completed_at = case when id = $2 or (kind = 'correction' and completed_at is null) then now() else completed_at end,
       outcome = case when id = $2 then $3::jsonb when kind = 'correction' and completed_at is null then '{"erased": 1}' else outcome end
     where ${of.requests} or id = $2`,
    [request.who, request.id, JSON.stringify(outcome)],
  );
  return outcome;
}

/**
 * The admins' queue, newest first: what was asked, when it is due, and what was done. The address and words only of a
 * correction waiting for its answer.
 */
export async function dataRequestQueue(db: Queryable): Promise<DataRequestSummary[]> {
  const rows = await db.query<{
    id: string;
    kind: DataRequestSummary['kind'];
    who: string | null;
    details: string | null;
    created_at: Date;
    due_at: Date;
    expires_at: Date;
    confirmed_at: Date | null;
    completed_at: Date | null;
    outcome: Record<string, number> | null;
  }>(
    `select id, kind, coalesce(email, phone) as who, details, created_at, due_at, expires_at, confirmed_at, completed_at, outcome from data_requests
      order by created_at desc, id desc limit 200`,
  );
  return rows.map((r) => {
    const awaitingAnswer = r.kind === 'correction' && !!r.confirmed_at && !r.completed_at;
    return {
      id: r.id,
      kind: r.kind,
      status: r.completed_at
        ? 'completed'
        : awaitingAnswer
          ? 'awaiting an answer'
          : !r.confirmed_at && r.expires_at < new Date()
            ? 'link expired'
            : 'awaiting confirmation',
      contact: awaitingAnswer ? r.who : null,
      details: awaitingAnswer ? r.details : null,
      createdAt: r.created_at.toISOString(),
      dueAt: r.due_at.toISOString(),
      confirmedAt: r.confirmed_at?.toISOString() ?? null,
      completedAt: r.completed_at?.toISOString() ?? null,
      outcome: r.outcome,
    };
  });
}

/**
 * A data request needs its address only while its link or its export works, or an admin has yet to answer it; the
 * audit entry stays without it.
 */
export async function forgetExpiredRequestAddresses(db: Queryable) {
  await db.query(
    `update data_requests set email = null, phone = null, details = null, token_hash = null, export_token_hash = null
      where (email is not null or phone is not null) and expires_at < now() and (confirmed_at is null or export_expires_at < now())`,
  );
}
