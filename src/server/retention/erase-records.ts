import type { Database, Queryable } from '../db/database';
import type { RetentionConfig, RetentionPeriod } from '../../shared/generated/site-config';
import { blobStoreAt, type BlobLocation } from '../uploads/blob-store';
import { UNCLAIMED } from '../uploads/store';
import { forgetLonePeople } from '../people/store';

/** Rows erased per transaction: a first run on years of leads neither holds locks long nor builds one huge statement. */
const BATCH = 500;

const interval = (period: RetentionPeriod) => (period.months ? `${period.months} months` : `${period.days ?? 0} days`);

type StoredFile = { stored_name: string; stored_in: BlobLocation };

/** Which submissions each submission period covers ($1 is the period); the three never overlap. */
const NEWSLETTER = `collection = 'NewsletterSubscriptions'`;
const REJECTED_APPLICATION = `(collection = 'RecruiterApplications' and status = 'closed')`;
const expiredSubmissions = {
  leads: `not ${NEWSLETTER} and not ${REJECTED_APPLICATION} and created_at < now() - $1::interval`,
  rejectedApplications: `${REJECTED_APPLICATION} and coalesce(updated_at, created_at) < now() - $1::interval`,
  newsletterInactive: `${NEWSLETTER} and (consent_withdrawn_at < now() - $1::interval
    or (confirmed_at is null and consent_withdrawn_at is null and created_at < now() - $1::interval))`,
} as const;

async function deleteFiles(db: Database, dataDir: string, files: StoredFile[]) {
  for (const { stored_name, stored_in } of files) await blobStoreAt(stored_in, db, dataDir).delete(stored_name);
}

/** Runs `erase` batch by batch until a batch comes back short, deleting each batch's files after it commits; answers how many. */
async function eraseInBatches(db: Database, dataDir: string, erase: (tx: Queryable) => Promise<{ count: number; files: StoredFile[] }>) {
  let total = 0;
  for (;;) {
    const { count, files } = await db.transaction(erase);
    // After the commit: a file is never gone while its row still names it.
    await deleteFiles(db, dataDir, files);
    total += count;
    if (count < BATCH) return total;
  }
}

/**
 * Deletes the submissions `where` picks (its parameters in `params`) with everything that hangs on them: notes, outbox
 * rows sent or not, tokens, uploaded files, and their people once nothing else names them. Answers how many.
 */
export function eraseSubmissions(db: Database, dataDir: string, where: string, params: unknown[]) {
  return eraseInBatches(db, dataDir, async (tx) => {
    const rows = await tx.query<{ id: string; person_id: string | null }>(
      `select id, person_id from submissions where ${where} limit ${BATCH} for update skip locked`,
      params,
    );
    const ids = rows.map((r) => r.id);
    if (!ids.length) return { count: 0, files: [] };
    await forgetFirestoreCopies(tx, ids);
    await tx.query('delete from outbox where submission_id = any($1::uuid[])', [ids]);
    await tx.query('delete from submission_notes where submission_id = any($1::uuid[])', [ids]);
    // A job published from a free job posting stays; only the request it came from goes.
    await tx.query('update jobs set job_request_id = null where job_request_id = any($1::uuid[])', [ids]);
    const files = await tx.query<StoredFile>('delete from uploads where submission_id = any($1::uuid[]) returning stored_name, stored_in', [
      ids,
    ]);
    await tx.query('delete from submissions where id = any($1::uuid[])', [ids]); // consent_tokens go with them
    await forgetLonePeople(
      tx,
      rows.map((r) => r.person_id),
    );
    return { count: ids.length, files };
  });
}

/**
 * Leads living in Firestore too go there as well: the copy the outbox wrote (sent; one not yet sent goes with its row)
 * and the document an imported lead came from. The outbox deletes them by collection and id, which name nobody.
 */
async function forgetFirestoreCopies(tx: Queryable, ids: string[]) {
  await tx.query(
    `insert into outbox (kind, payload)
     select 'firestore', jsonb_build_object('collection', payload->>'collection', 'docId', payload->>'docId', 'document', null)
       from outbox where submission_id = any($1::uuid[]) and kind = 'firestore' and sent_at is not null
     union all
     select 'firestore', jsonb_build_object('collection', split_part(source, '/', 1), 'docId', split_part(source, '/', 2), 'document', null)
       from (select substr(imported_from, length('firestore:') + 1) as source from submissions
              where id = any($1::uuid[]) and imported_from like 'firestore:%') imported`,
    [ids],
  );
}

/** Deletes the job applications `where` picks, with their resumes and tokens. Answers how many. */
export function eraseJobApplications(db: Database, dataDir: string, where: string, params: unknown[]) {
  return eraseInBatches(db, dataDir, async (tx) => {
    const rows = await tx.query<{ resume_upload_id: string | null; person_id: string | null }>(
      `delete from job_applications where id in (
         select id from job_applications where ${where} limit ${BATCH} for update skip locked)
       returning resume_upload_id, person_id`,
      params,
    );
    await forgetLonePeople(
      tx,
      rows.map((r) => r.person_id),
    );
    const resumes = rows.flatMap((r) => (r.resume_upload_id ? [r.resume_upload_id] : []));
    const files = await tx.query<StoredFile>('delete from uploads where id = any($1::uuid[]) returning stored_name, stored_in', [resumes]);
    return { count: rows.length, files };
  });
}

/**
 * Deletes every record past the retention period pages/site.json gives its kind (the periods the privacy policy
 * lists): leads, rejected recruiter applications, job applications, inactive newsletter sign-ups and unclaimed
 * uploads, with the files and queued mail that belong to them.
 */
export async function enforceRetention(db: Database, dataDir: string, retention: RetentionConfig) {
  const removed = {
    leads: await eraseSubmissions(db, dataDir, expiredSubmissions.leads, [interval(retention.leads)]),
    rejectedApplications: await eraseSubmissions(db, dataDir, expiredSubmissions.rejectedApplications, [
      interval(retention.rejectedApplications),
    ]),
    newsletterInactive: await eraseSubmissions(db, dataDir, expiredSubmissions.newsletterInactive, [
      interval(retention.newsletterInactive),
    ]),
    jobApplications: await eraseJobApplications(db, dataDir, 'created_at < now() - $1::interval', [interval(retention.jobApplications)]),
    unclaimedUploads: 0,
  };
  const unclaimed = await db.query<StoredFile>(
    `delete from uploads u where u.created_at < now() - $1::interval and ${UNCLAIMED} returning u.stored_name, u.stored_in`,
    [interval(retention.unclaimedUploads)],
  );
  await deleteFiles(db, dataDir, unclaimed);
  removed.unclaimedUploads = unclaimed.length;
  return removed;
}
