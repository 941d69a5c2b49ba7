import { queryOne, type Database, type Queryable } from '../db/database';
import { iso } from '../db/sql-values';
import type { CaptchaCheck } from '../captcha/captcha';
import { Rejected, spendCaptcha } from '../forms/form-checks';
import { attachmentLink } from '../../shared/attachment-link';
import {
  COMPLAINT_STATUSES,
  type Complaint,
  type ComplaintList,
  type ComplaintQuery,
  type ComplaintStatus,
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

export type FileResult = { kind: 'stored'; id: string } | { kind: 'captcha-spent' } | { kind: 'attachment-taken' };

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
      const row = await queryOne<{ id: string }>(
        tx,
        'insert into complaints (user_id, subject, message, attachment_upload_id) values ($1, $2, $3, $4) returning id',
        [complaint.userId, complaint.subject, complaint.message, complaint.uploadId ?? null],
      );
      return { kind: 'stored', id: row.id } as const;
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

const select = `select c.id, c.subject, c.message, c.status, c.attachment_upload_id as "uploadId", up.media_type as "attachmentType",
                       c.created_at as "createdAt", c.updated_at as "updatedAt",
                       json_build_object('id', u.id, 'username', u.username, 'fullName', u.full_name, 'email', u.email, 'role', u.role) as "user"
                  from complaints c join users u on u.id = c.user_id left join uploads up on up.id = c.attachment_upload_id`;

function toComplaint({ uploadId, createdAt, updatedAt, ...row }: ComplaintRow): Complaint {
  return { ...row, attachmentLink: uploadId ? attachmentLink(uploadId) : null, createdAt: iso(createdAt), updatedAt: iso(updatedAt) };
}

export async function listComplaints(db: Queryable, options: ComplaintQuery): Promise<ComplaintList> {
  const where = options.status ? 'where c.status = $1' : 'where $1::text is null';
  const params = [options.status ?? null];
  const rows = await db.query<ComplaintRow>(`${select} ${where} order by c.created_at desc, c.id limit $2 offset $3`, [
    ...params,
    options.pageSize,
    (options.page - 1) * options.pageSize,
  ]);
  const { total } = await queryOne<{ total: number }>(db, `select count(*)::int as total from complaints c ${where}`, params);
  const counts = await db.query<{ status: string; count: number }>('select status, count(*)::int as count from complaints group by status');
  return {
    complaints: rows.map(toComplaint),
    total,
    page: options.page,
    pageSize: options.pageSize,
    counts: Object.fromEntries(COMPLAINT_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?.count ?? 0])),
  };
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
