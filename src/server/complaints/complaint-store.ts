import type { Database, Queryable } from '../db/database';
import { iso } from '../admin/http';
import { attachmentLink } from '../../shared/attachment-link';
import type { CaptchaCheck } from '../captcha/captcha';
import { Rejected, spendCaptcha } from '../forms/form-checks';

export const COMPLAINT_STATUSES = ['open', 'in-progress', 'resolved'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

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
  return db.transaction(async (tx) => {
    await spendCaptcha(tx, complaint.captcha);
    if (complaint.uploadId) {
      const [upload] = await tx.query(
        `select id from uploads where id = $1 and kind = 'complaint-image' and submission_id is null for update`,
        [complaint.uploadId],
      );
      const [taken] = upload ? await tx.query('select id from complaints where attachment_upload_id = $1', [complaint.uploadId]) : [];
      if (!upload || taken) throw new AttachmentTaken();
    }
    const [row] = await tx.query<{ id: string }>(
      'insert into complaints (user_id, subject, message, attachment_upload_id) values ($1, $2, $3, $4) returning id',
      [complaint.userId, complaint.subject, complaint.message, complaint.uploadId ?? null],
    );
    return { kind: 'stored', id: row.id } as const;
  }).catch((error: unknown) => {
    if (error instanceof AttachmentTaken) return { kind: 'attachment-taken' } as const;
    if (error instanceof Rejected) return { kind: 'captcha-spent' } as const;
    throw error;
  });
}

interface ComplaintRow {
  id: string;
  subject: string;
  message: string;
  status: ComplaintStatus;
  attachment_upload_id: string | null;
  attachment_type: string | null;
  created_at: Date;
  updated_at: Date | null;
  user_id: string;
  username: string;
  full_name: string | null;
  email: string | null;
  role: string;
}

const select = `select c.id, c.subject, c.message, c.status, c.attachment_upload_id, up.media_type as attachment_type,
                       c.created_at, c.updated_at, u.id as user_id, u.username, u.full_name, u.email, u.role
                  from complaints c join users u on u.id = c.user_id left join uploads up on up.id = c.attachment_upload_id`;

function toComplaint(row: ComplaintRow) {
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    status: row.status,
    attachmentLink: row.attachment_upload_id ? attachmentLink(row.attachment_upload_id) : null,
    attachmentType: row.attachment_type,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at),
    user: { id: row.user_id, username: row.username, fullName: row.full_name, email: row.email, role: row.role },
  };
}

export type Complaint = ReturnType<typeof toComplaint>;

export async function listComplaints(db: Queryable, options: { status?: ComplaintStatus; page: number; pageSize: number }) {
  const where = options.status ? 'where c.status = $1' : 'where $1::text is null';
  const params = [options.status ?? null];
  const rows = await db.query<ComplaintRow>(`${select} ${where} order by c.created_at desc, c.id limit $2 offset $3`, [
    ...params,
    options.pageSize,
    (options.page - 1) * options.pageSize,
  ]);
  const [{ total }] = await db.query<{ total: number }>(`select count(*)::int as total from complaints c ${where}`, params);
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
  return !!row && (user.role === 'ADMIN' || row.user_id === user.id);
}
