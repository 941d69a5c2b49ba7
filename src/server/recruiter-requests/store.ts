import type { Database, Queryable } from '../db/database';
import { isUniqueViolation } from '../db/db-errors';
import type { SortKey } from '../db/keyset';
import { listPage, typedSearch } from '../lists/list-page';
import { SqlParams } from '../db/sql-params';
import { iso } from '../db/sql-values';
import { httpErrors } from '@fastify/sensible';
import type { Approval, RecruiterRequest, RecruiterRequestDetail, RecruiterRequestQuery } from '../../shared/api/recruiter-requests';
import { ROLE } from '../../shared/roles';
import { searchTextOf } from '../../shared/phone';
import { ANSWERED } from '../leads/store';
import { recordActivity } from '../activity/store';
import { createUser, usernameTaken } from '../users/store';
import { checkUsername, temporaryPassword, usernameIsTaken } from '../users/accounts';

const COLLECTION = 'RecruiterApplications';
const NO_SUCH_REQUEST = 'There is no such recruiter request.';
const ALREADY_APPROVED = 'This request has already been approved.';

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

function toRequest(row: RequestRow): RecruiterRequest {
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
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const columns = 'id, page, city, status, created_at, updated_at, data';

const newestFirst: SortKey[] = [
  { sql: 'created_at', direction: 'desc' },
  { sql: 'id', direction: 'desc' },
];

export async function listRecruiterRequests(db: Database, options: RecruiterRequestQuery) {
  const p = new SqlParams();
  const where = [`collection = ${p.add(COLLECTION)}`, ...(options.status ? [`status = ${p.add(options.status)}`] : [])].join(' and ');
  // Every value the applicant typed, lower-cased in submissions.search_text (migrations 005 and 007); phones in E.164.
  const searches = typedSearch('search_text', 'search', options.search && searchTextOf(options.search));
  const { rows, ...paging } = await listPage<RequestRow>(
    db,
    { select: `select ${columns} from submissions`, countFrom: 'from submissions', where, params: p, order: newestFirst, searches },
    options,
  );
  return { requests: rows.map(toRequest), ...paging };
}

/** A request, with the account its approval created (from the activity log, which names it); 404 if there is none. */
export async function getRecruiterRequest(db: Queryable, id: string): Promise<RecruiterRequestDetail> {
  const [row] = await db.query<RequestRow>(`select ${columns} from submissions where id = $1 and collection = '${COLLECTION}'`, [id]);
  if (!row) throw httpErrors.notFound(NO_SUCH_REQUEST);
  const [approval] = await db.query<{ user_id: string | null; username: string | null; by: string | null; created_at: Date }>(
    `select u.id as user_id, u.username, actor.username as by, a.created_at
       from activity a left join users u on u.id::text = a.detail->>'userId' left join users actor on actor.id = a.actor_id
      where a.action = 'recruiter-request.approved' and a.subject_id = $1 order by a.id desc limit 1`,
    [id],
  );
  const account =
    approval?.user_id && approval.username
      ? { id: approval.user_id, username: approval.username, approvedBy: approval.by, approvedAt: iso(approval.created_at) }
      : null;
  return { ...toRequest(row), account };
}

/**
 * Approving a request creates the applicant's RECRUITER account with a temporary password (shown to the admin
 * once) and marks the request converted, in one transaction.
 */
export async function approveRecruiterRequest(db: Database, actorId: string, id: string, username: string): Promise<Approval> {
  const name = checkUsername(username);
  return db
    .transaction(async (tx): Promise<Approval> => {
      const [row] = await tx.query<RequestRow>(
        `select ${columns} from submissions where id = $1 and collection = '${COLLECTION}' for update`,
        [id],
      );
      if (!row) throw httpErrors.notFound(NO_SUCH_REQUEST);
      if (row.status === 'converted') throw httpErrors.conflict(ALREADY_APPROVED);
      if (await usernameTaken(tx, name)) throw usernameIsTaken(name);
      const request = toRequest(row);
      const password = temporaryPassword();
      const { id: userId } = await createUser(tx, {
        username: name,
        password,
        role: ROLE.RECRUITER,
        fullName: request.name ?? undefined,
        email: request.email ?? undefined,
        city: request.city ?? undefined,
      });
      await tx.query(`update submissions set status = 'converted', ${ANSWERED}, updated_at = now() where id = $1`, [id]);
      await recordActivity(tx, actorId, 'recruiter-request.approved', { type: 'submission', id }, { userId, username: name });
      return { user: { id: userId, username: name, role: ROLE.RECRUITER, email: request.email }, temporaryPassword: password };
    })
    .catch((error: unknown): never => {
      // Another admin took the username between the check and the insert.
      if (isUniqueViolation(error)) throw usernameIsTaken(name);
      throw error;
    });
}

export async function rejectRecruiterRequest(db: Queryable, actorId: string, id: string): Promise<void> {
  const [row] = await db.query<{ status: string }>(`select status from submissions where id = $1 and collection = '${COLLECTION}'`, [id]);
  if (!row) throw httpErrors.notFound(NO_SUCH_REQUEST);
  if (row.status === 'converted') throw httpErrors.conflict(ALREADY_APPROVED);
  await db.query(`update submissions set status = 'closed', ${ANSWERED}, updated_at = now() where id = $1`, [id]);
  await recordActivity(db, actorId, 'recruiter-request.rejected', { type: 'submission', id });
}
