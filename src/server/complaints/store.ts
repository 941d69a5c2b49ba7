import { queryOne, type Database, type Queryable } from '../db/database';
import type { SortKey } from '../db/keyset';
import { listPage, typedSearch } from '../lists/list-page';
import { SqlParams } from '../db/sql-params';
import { iso } from '../db/sql-values';
import type { CaptchaCheck } from '../captcha/captcha';
import { Rejected, spendCaptcha } from '../forms/form-checks';
import { attachmentLink } from '../../shared/attachment-link';
import {
  COMPLAINT_STATUSES,
  complaintReferenceIn,
  type Complaint,
  type ComplaintList,
  type ComplaintQuery,
  type ComplaintStatus,
  type MyComplaint,
} from '../../shared/api/complaints';
import { isAdmin } from '../../shared/roles';

export interface NewComplaint {
  userId: string;
  subject: string;
  message: string;
  uploadId?: string;
  /** The passed captcha check, spent with the complaint. */
  captcha: CaptchaCheck;
}

/** The image is not an unclaimed complaint image: thrown, so the transaction (and its spent captcha) rolls back. */
class AttachmentTaken extends Error {}

export type FileResult = { kind: 'stored'; id: string; reference: string } | { kind: 'captcha-spent' } | { kind: 'attachment-taken' };

/**
 * Stores a complaint, claiming its image and spending its captcha in the same transaction. The upload's row is
 * locked first, so of two complaints naming one image only the first gets it (the second statement reads afresh).
 */
export async function fileComplaint(db: Database, complaint: NewComplaint): Promise<FileResult> {
  return db
    .transaction(async (tx) => {
      await spendCaptcha(tx, complaint.captcha);
      if (complaint.uploadId) {
        const [upload] = await tx.query(
          `select id from uploads where id = $1 and kind = 'complaint-image' and submission_id is null for update`,
          [complaint.uploadId],
        );
        const [taken] = upload ? await tx.query('select id from complaints where attachment_upload_id = $1', [complaint.uploadId]) : [];
        if (!upload || taken) throw new AttachmentTaken();
      }
      const row = await queryOne<{ id: string; reference: string }>(
        tx,
        'insert into complaints (user_id, subject, message, attachment_upload_id) values ($1, $2, $3, $4) returning id, reference',
        [complaint.userId, complaint.subject, complaint.message, complaint.uploadId ?? null],
      );
      return { kind: 'stored', id: row.id, reference: row.reference } as const;
    })
    .catch((error: unknown) => {
      if (error instanceof AttachmentTaken) return { kind: 'attachment-taken' } as const;
      if (error instanceof Rejected) return { kind: 'captcha-spent' } as const;
      throw error;
    });
}

/** A complaint as the API answers it, but for its dates (timestamps as the driver gives them) and its image's upload. */
type ComplaintRow = Omit<Complaint, 'attachmentLink' | 'createdAt' | 'updatedAt'> & {
  uploadId: string | null;
  createdAt: Date;
  updatedAt: Date | null;
};

const newestFirst: SortKey[] = [
  { sql: 'c.created_at', direction: 'desc' },
  { sql: 'c.id', direction: 'desc' },
];

const select = `select c.id, c.reference, c.subject, c.message, c.status, c.attachment_upload_id as "uploadId", up.media_type as "attachmentType",
                       c.created_at as "createdAt", c.updated_at as "updatedAt",
                       json_build_object('id', u.id, 'username', u.username, 'fullName', u.full_name, 'email', u.email, 'role', u.role) as "user"
                  from complaints c join users u on u.id = c.user_id left join uploads up on up.id = c.attachment_upload_id`;

function toComplaint({ uploadId, createdAt, updatedAt, ...complaint }: ComplaintRow): Complaint {
  return { ...complaint, attachmentLink: uploadId ? attachmentLink(uploadId) : null, createdAt: iso(createdAt), updatedAt: iso(updatedAt) };
}

export async function listComplaints(db: Database, options: ComplaintQuery): Promise<ComplaintList> {
  // complaint_counts (migration 006) is kept by a trigger: a status menu and a list total without counting complaints.
  const stored = await db.query<{ status: string; n: number | string }>('select status, n from complaint_counts');
  const counts = Object.fromEntries(COMPLAINT_STATUSES.map((s) => [s, Number(stored.find((c) => c.status === s)?.n ?? 0)]));
  const p = new SqlParams();
  // A reference names one complaint, found through its own index rather than searched for.
  const reference = options.q ? complaintReferenceIn(options.q) : null;
  const where: string[] = [];
  if (options.status) where.push(`c.status = ${p.add(options.status)}`);
  if (reference) where.push(`c.reference = ${p.add(reference)}`);
  // The counts answer for a status; a reference's one complaint is counted.
  const known = reference
    ? undefined
    : async () => ({
        total: options.status ? (counts[options.status] ?? 0) : Object.values(counts).reduce((a, b) => a + b, 0),
        exact: true,
      });
  const searches = typedSearch('c.search_text', 'q', reference ? undefined : options.q);
  const { rows, ...paging } = await listPage<ComplaintRow>(
    db,
    { select, countFrom: 'from complaints c', where: where.join(' and ') || 'true', params: p, order: newestFirst, searches, known },
    options,
  );
  return { complaints: rows.map(toComplaint), ...paging, counts };
}

export async function getComplaint(db: Queryable, id: string): Promise<Complaint | undefined> {
  const [row] = await db.query<ComplaintRow>(`${select} where c.id = $1`, [id]);
  return row && toComplaint(row);
}

export async function setComplaintStatus(db: Queryable, id: string, status: ComplaintStatus): Promise<boolean> {
  const rows = await db.query('update complaints set status = $2, updated_at = now() where id = $1 returning id', [id, status]);
  return rows.length > 0;
}

/** Whether a user may see a complaint image: an admin, or the author of the complaint that holds it. */
export async function mayViewAttachment(db: Queryable, uploadId: string, user: { id: string; role: string }): Promise<boolean> {
  const [row] = await db.query<{ user_id: string }>('select user_id from complaints where attachment_upload_id = $1', [uploadId]);
  return !!row && (isAdmin(user.role) || row.user_id === user.id);
}

/** A sender's own complaints, newest first: what "My complaints" lists (the newest 100). */
export async function listMyComplaints(db: Queryable, userId: string): Promise<MyComplaint[]> {
  const rows = await db.query<{ reference: string; subject: string; status: ComplaintStatus; created_at: Date; updated_at: Date | null }>(
    `select reference, subject, status, created_at, updated_at from complaints
      where user_id = $1 order by created_at desc, id desc limit 100`,
    [userId],
  );
  return rows.map((row) => ({
    reference: row.reference,
    subject: row.subject,
    status: row.status,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }));
}
