import type { Database, Queryable } from '../db/database';
import { createUser, recordActivity } from '../auth/users';
import { iso } from './http';
import { isUniqueViolation, temporaryPassword, USERNAME_PATTERN } from './accounts';

const COLLECTION = 'RecruiterApplications';
export const REQUEST_STATUSES = ['new', 'contacted', 'converted', 'closed'] as const;

interface RequestRow {
  id: string;
  page: string;
  city: string | null;
  status: string;
  created_at: Date;
  updated_at: Date | null;
  data: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

function toRequest(row: RequestRow) {
  const d = row.data;
  return {
    id: row.id,
    name: text(d.name),
    email: text(d.email),
    phone: text(d.phone),
    city: text(d.city) ?? row.city,
    experience: text(d.experience),
    specialisation: text(d.specialisation),
    linkedin: text(d.linkedin),
    message: text(d.message),
    page: row.page,
    status: row.status,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at),
  };
}

const columns = 'id, page, city, status, created_at, updated_at, data';

export async function listRecruiterRequests(db: Queryable, options: { status?: string; page: number; pageSize: number }) {
  const where = `where collection = '${COLLECTION}' and ($1::text is null or status = $1)`;
  const params = [options.status ?? null];
  const rows = await db.query<RequestRow>(`select ${columns} from submissions ${where} order by created_at desc, id limit $2 offset $3`, [
    ...params,
    options.pageSize,
    (options.page - 1) * options.pageSize,
  ]);
  const [{ total }] = await db.query<{ total: number }>(`select count(*)::int as total from submissions ${where}`, params);
  return { requests: rows.map(toRequest), total, page: options.page, pageSize: options.pageSize };
}

/** A request, with the account its approval created (from the activity log, which names it). */
export async function getRecruiterRequest(db: Queryable, id: string) {
  const [row] = await db.query<RequestRow>(`select ${columns} from submissions where id = $1 and collection = '${COLLECTION}'`, [id]);
  if (!row) return undefined;
  const [approval] = await db.query<{ user_id: string | null; username: string | null; by: string | null; created_at: Date }>(
    `select u.id as user_id, u.username, actor.username as by, a.created_at
       from activity a left join users u on u.id::text = a.detail->>'userId' left join users actor on actor.id = a.actor_id
      where a.action = 'recruiter-request.approved' and a.subject_id = $1 order by a.id desc limit 1`,
    [id],
  );
  const account = approval?.user_id ? { id: approval.user_id, username: approval.username!, approvedBy: approval.by, approvedAt: iso(approval.created_at)! } : null;
  return { ...toRequest(row), account };
}

export type ApproveResult =
  | { ok: true; user: { id: string; username: string; role: string; email: string | null }; temporaryPassword: string }
  | { ok: false; code: 400 | 404 | 409; error: string };

/**
 * Approving a request creates the applicant's RECRUITER account with a temporary password (shown to the admin
 * once) and marks the request converted, in one transaction.
 */
export async function approveRecruiterRequest(db: Database, actorId: string, id: string, username: string): Promise<ApproveResult> {
  const name = username.trim().toLowerCase();
  if (!new RegExp(USERNAME_PATTERN).test(name)) {
    return { ok: false, code: 400, error: 'Usernames are 3-40 lowercase letters, digits, dots, hyphens or underscores.' };
  }
  return db.transaction(async (tx): Promise<ApproveResult> => {
    const [row] = await tx.query<RequestRow>(`select ${columns} from submissions where id = $1 and collection = '${COLLECTION}' for update`, [id]);
    if (!row) return { ok: false, code: 404, error: 'There is no such recruiter request.' };
    if (row.status === 'converted') return { ok: false, code: 409, error: 'This request has already been approved.' };
    if ((await tx.query('select 1 from users where username = $1', [name])).length) return { ok: false, code: 409, error: `The username ${name} is taken.` };
    const request = toRequest(row);
    const password = temporaryPassword();
    const { id: userId } = await createUser(tx, {
      username: name,
      password,
      role: 'RECRUITER',
      fullName: request.name ?? undefined,
      email: request.email ?? undefined,
      city: request.city ?? undefined,
    });
    await tx.query(`update submissions set status = 'converted', updated_at = now() where id = $1`, [id]);
    await recordActivity(tx, actorId, 'recruiter-request.approved', { type: 'submission', id }, { userId, username: name });
    return { ok: true, user: { id: userId, username: name, role: 'RECRUITER', email: request.email }, temporaryPassword: password };
  }).catch((error: unknown): ApproveResult => {
    // Another admin took the username between the check and the insert.
    if (isUniqueViolation(error)) return { ok: false, code: 409, error: `The username ${name} is taken.` };
    throw error;
  });
}

export async function rejectRecruiterRequest(db: Queryable, actorId: string, id: string): Promise<{ ok: true } | { ok: false; code: 404 | 409; error: string }> {
  const [row] = await db.query<{ status: string }>(`select status from submissions where id = $1 and collection = '${COLLECTION}'`, [id]);
  if (!row) return { ok: false, code: 404, error: 'There is no such recruiter request.' };
  if (row.status === 'converted') return { ok: false, code: 409, error: 'This request has already been approved.' };
  await db.query(`update submissions set status = 'closed', updated_at = now() where id = $1`, [id]);
  await recordActivity(db, actorId, 'recruiter-request.rejected', { type: 'submission', id });
  return { ok: true };
}
