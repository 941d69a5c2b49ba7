import type { Queryable } from '../db/database';
import { isExpired, locationPatterns, searchPattern, todayInKolkata, type ScopeFacts } from './job-rules';

export interface Job {
  id: string;
  jobRequestId: string | null;
  title: string;
  description: string;
  companyName: string;
  location: string;
  employmentType: string;
  openings: number;
  experience: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  /** YYYY-MM-DD, the last day it takes applications. */
  validThrough: string | null;
  status: 'draft' | 'published' | 'closed';
  datePosted: string | null;
  createdAt: string;
  updatedAt: string | null;
  expired: boolean;
}

/** A job with what decides who works it (its request's assignee and city). */
export type ScopedJob = Job & ScopeFacts;

export interface JobFields {
  title: string;
  description: string;
  companyName: string;
  location: string;
  employmentType: string;
  openings: number;
  experience: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  validThrough: string;
}

const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());

const jobColumns = `j.id, j.job_request_id, j.title, j.description, j.company_name, j.location, j.employment_type, j.openings,
  j.experience, j.salary_min, j.salary_max, to_char(j.valid_through, 'YYYY-MM-DD') as valid_through, j.status, j.published_at,
  j.created_by, j.created_at, j.updated_at, s.assigned_to, coalesce(s.city, s.data->>'location') as request_city`;

const fromJobs = 'from jobs j left join submissions s on s.id = j.job_request_id';

type JobRow = Record<string, unknown>;

function toJob(row: JobRow, today: string): ScopedJob {
  const job = {
    id: row.id as string,
    jobRequestId: (row.job_request_id as string | null) ?? null,
    title: row.title as string,
    description: row.description as string,
    companyName: row.company_name as string,
    location: row.location as string,
    employmentType: row.employment_type as string,
    openings: Number(row.openings),
    experience: (row.experience as string | null) ?? null,
    salaryMin: row.salary_min == null ? null : Number(row.salary_min),
    salaryMax: row.salary_max == null ? null : Number(row.salary_max),
    validThrough: (row.valid_through as string | null) ?? null,
    status: row.status as Job['status'],
    datePosted: iso(row.published_at),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at),
    assignedTo: (row.assigned_to as string | null) ?? null,
    city: (row.request_city as string | null) ?? null,
    createdBy: (row.created_by as string | null) ?? null,
  };
  return { ...job, expired: isExpired(job, today) };
}

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findJob(db: Queryable, id: string, today = todayInKolkata()): Promise<ScopedJob | undefined> {
  if (!uuidPattern.test(id)) return undefined;
  const [row] = await db.query<JobRow>(`select ${jobColumns} ${fromJobs} where j.id = $1`, [id]);
  return row ? toJob(row, today) : undefined;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const PUBLIC_PAGE_SIZE = 10;

/** Open jobs for visitors: published, valid through today or later (India's date) or with no end, newest first. */
export async function listPublicJobs(
  db: Queryable,
  filter: { page: number; location?: string; q?: string },
  today = todayInKolkata(),
): Promise<Page<Job>> {
  const params: unknown[] = [today];
  const where = [`j.status = 'published'`, `(j.valid_through is null or j.valid_through >= $1::date)`];
  if (filter.location?.trim()) {
    params.push(locationPatterns(filter.location));
    where.push(`j.location ilike any ($${params.length}::text[])`);
  }
  if (filter.q?.trim()) {
    params.push(searchPattern(filter.q));
    const p = `$${params.length}`;
    where.push(`(j.title ilike ${p} or j.company_name ilike ${p} or j.description ilike ${p} or j.location ilike ${p})`);
  }
  return pageOf(db, where.join(' and '), params, filter.page, PUBLIC_PAGE_SIZE, today);
}

export const STAFF_PAGE_SIZE = 20;

/** The logged-in jobs list: every job for staff, open ones (and their own company's) for everyone else. */
export async function listJobsFor(
  db: Queryable,
  user: { role: string; hiringFor: string | null },
  page: number,
): Promise<Page<Job & { applicantCount: number }>> {
  const params: unknown[] = [];
  let where = 'true';
  if (!['ADMIN', 'BDE', 'FBDE'].includes(user.role)) {
    params.push(user.role === 'HIRING_MANAGER' ? (user.hiringFor ?? '') : '');
    where = `(j.status = 'published' or ($1 <> '' and lower(trim(j.company_name)) = lower(trim($1))))`;
  }
  return pageOf(db, where, params, page, STAFF_PAGE_SIZE, todayInKolkata());
}

async function pageOf(db: Queryable, where: string, params: unknown[], page: number, pageSize: number, today: string) {
  const [{ total }] = await db.query<{ total: number }>(`select count(*)::int as total ${fromJobs} where ${where}`, params);
  const rows = await db.query<JobRow>(
    `select ${jobColumns}, (select count(*)::int from job_applications a where a.job_id = j.id) as applicant_count
       ${fromJobs} where ${where}
      order by j.published_at desc nulls last, j.created_at desc, j.id
      limit ${pageSize} offset ${(page - 1) * pageSize}`,
    params,
  );
  return {
    items: rows.map((row) => ({ ...toJob(row, today), applicantCount: Number(row.applicant_count) })),
    total: Number(total),
    page,
    pageSize,
  };
}

/** Creates the job of a request, or updates it when the request was published before; the request becomes converted. */
export async function publishRequest(tx: Queryable, requestId: string, fields: JobFields, userId: string): Promise<{ id: string; created: boolean }> {
  const values = [
    fields.title,
    fields.description,
    fields.companyName,
    fields.location,
    fields.employmentType,
    fields.openings,
    fields.experience,
    fields.salaryMin,
    fields.salaryMax,
    fields.validThrough,
  ];
  const [existing] = await tx.query<{ id: string }>('select id from jobs where job_request_id = $1 order by created_at limit 1', [requestId]);
  let id: string;
  if (existing) {
    await tx.query(
      `update jobs set title = $2, description = $3, company_name = $4, location = $5, employment_type = $6, openings = $7,
              experience = $8, salary_min = $9, salary_max = $10, valid_through = $11::date, status = 'published',
              published_at = coalesce(published_at, now()), updated_at = now()
        where id = $1`,
      [existing.id, ...values],
    );
    id = existing.id;
  } else {
    const [row] = await tx.query<{ id: string }>(
      `insert into jobs (job_request_id, title, description, company_name, location, employment_type, openings, experience,
                         salary_min, salary_max, valid_through, status, published_at, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::date, 'published', now(), $12) returning id`,
      [requestId, ...values, userId],
    );
    id = row.id;
  }
  await tx.query(`update submissions set status = 'converted', updated_at = now() where id = $1`, [requestId]);
  return { id, created: !existing };
}

/** Writes the fields given (undefined keeps a value); publishing again stamps published_at if it never was. */
export async function updateJob(tx: Queryable, id: string, changes: Partial<JobFields> & { status?: 'published' | 'closed' }) {
  const columns: Record<keyof typeof changes, string> = {
    title: 'title',
    description: 'description',
    companyName: 'company_name',
    location: 'location',
    employmentType: 'employment_type',
    openings: 'openings',
    experience: 'experience',
    salaryMin: 'salary_min',
    salaryMax: 'salary_max',
    validThrough: 'valid_through',
    status: 'status',
  };
  const sets: string[] = ['updated_at = now()'];
  const params: unknown[] = [id];
  for (const [key, column] of Object.entries(columns) as [keyof typeof changes, string][]) {
    if (changes[key] === undefined) continue;
    params.push(changes[key]);
    sets.push(`${column} = $${params.length}${key === 'validThrough' ? '::date' : ''}`);
  }
  if (changes.status === 'published') sets.push('published_at = coalesce(published_at, now())');
  await tx.query(`update jobs set ${sets.join(', ')} where id = $1`, params);
}

export interface Applicant {
  id: string;
  name: string;
  email: string;
  phone: string;
  appliedAt: string;
  hasResume: boolean;
}

export async function applicantsOf(db: Queryable, jobId: string): Promise<Applicant[]> {
  const rows = await db.query<JobRow>(
    `select id, name, email, phone, created_at, resume_upload_id from job_applications where job_id = $1 order by created_at desc, id`,
    [jobId],
  );
  return rows.map((r) => ({
    id: r.id as string,
    name: r.name as string,
    email: r.email as string,
    phone: r.phone as string,
    appliedAt: iso(r.created_at)!,
    hasResume: r.resume_upload_id != null,
  }));
}

export async function countApplicants(db: Queryable, jobId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from job_applications where job_id = $1', [jobId]);
  return Number(row.n);
}
