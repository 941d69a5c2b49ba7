import type { Queryable } from '../db/database';
import { uuidPattern } from './job-store';

/** The job-posting form's submissions (collection JobRequests) are the job requests. */
export const JOB_REQUEST_FORM = 'job-posting';

export interface JobRequest {
  id: string;
  status: string;
  page: string;
  createdAt: string;
  /** The submission's city, or the form's location when the page fixed none: the city an FBDE works. */
  city: string | null;
  assignedTo: string | null;
  data: Record<string, unknown>;
  /** The job published from it, if any. */
  job: { id: string; status: string } | null;
}

/** Reads the request; `forUpdate` locks it, so two reviewers publishing at once make one job. */
export async function findJobRequest(db: Queryable, id: string, forUpdate = false): Promise<JobRequest | undefined> {
  if (!uuidPattern.test(id)) return undefined;
  const [row] = await db.query<Record<string, unknown>>(
    `select id, status, page, created_at, coalesce(city, data->>'location') as city, assigned_to, data
       from submissions where id = $1 and form_id = $2 ${forUpdate ? 'for update' : ''}`,
    [id, JOB_REQUEST_FORM],
  );
  if (!row) return undefined;
  const [job] = await db.query<{ id: string; status: string }>(
    'select id, status from jobs where job_request_id = $1 order by created_at limit 1',
    [id],
  );
  return {
    id: row.id as string,
    status: row.status as string,
    page: row.page as string,
    createdAt: new Date(row.created_at as string).toISOString(),
    city: (row.city as string | null) ?? null,
    assignedTo: (row.assigned_to as string | null) ?? null,
    data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>,
    job: job ?? null,
  };
}
