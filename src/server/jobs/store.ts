import { queryOne, type Database, type Queryable } from '../db/database';
import type { PageRequest, SortKey } from '../db/keyset';
import { listPage, typedSearch, type ListSearch } from '../lists/list-page';
import { SqlParams } from '../db/sql-params';
import { iso } from '../db/sql-values';
import type { OutboxRow } from '../outbox/outbox-row';
import type {
  JobListQuery,
  JobPage,
  JobRequest,
  JobStatus,
  JobTranslations,
  OpeningsPage,
  OpeningsQuery,
  PortalJob,
  PublishJobBody,
} from '../../shared/api/jobs';
import { ROLE, isStaff } from '../../shared/roles';
import { isUuid } from '../../shared/uuid';
import { OPENINGS_PAGE_SIZE } from '../../shared/job-openings-pages';
import { isExpired, locationSpellings, searchText, todayInKolkata, type ScopeFacts } from './rules';
import { inJobLanguage, jobLanguagesOf } from './job-languages';

/** A job with what decides who works it (its request's assignee and city). */
export type ScopedJob = PortalJob & ScopeFacts;

/** The reviewed job as publishing writes it: every field, a last date to apply included; translations kept when absent. */
export type JobFields = Required<Omit<PublishJobBody, 'translations'>> & Pick<PublishJobBody, 'translations'>;

const jobColumns = `j.id, j.job_request_id, j.title, j.description, j.company_name, j.location, j.employment_type, j.openings,
  j.experience, j.salary_min, j.salary_max, to_char(j.valid_through, 'YYYY-MM-DD') as valid_through, j.status, j.published_at,
  j.created_by, j.created_at, j.updated_at, j.applicant_count, j.translations, s.assigned_to, coalesce(s.city, s.data->>'location') as request_city`;

const fromJobs = 'from jobs j left join submissions s on s.id = j.job_request_id';

type JobRow = Record<string, unknown>;

const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

function toJob(row: JobRow, today: string): ScopedJob {
  const translations = jsonOf<JobTranslations>(row.translations ?? {});
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
    status: row.status as JobStatus,
    datePosted: iso(row.published_at as string | null),
    createdAt: iso(row.created_at as string),
    updatedAt: iso(row.updated_at as string | null),
    assignedTo: (row.assigned_to as string | null) ?? null,
    city: (row.request_city as string | null) ?? null,
    createdBy: (row.created_by as string | null) ?? null,
    // Kept by a trigger on job_applications (migration 006): no row counts anyone's applications.
    applicantCount: Number(row.applicant_count),
    translations,
    lang: 'en' as const,
    languages: jobLanguagesOf(translations),
  };
  return { ...job, expired: isExpired(job, today) };
}

export async function findJob(db: Queryable, id: string, today = todayInKolkata()): Promise<ScopedJob | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.query<JobRow>(`select ${jobColumns} ${fromJobs} where j.id = $1`, [id]);
  return row ? toJob(row, today) : undefined;
}

/**
 * The openings count up to this many ("More than 1,000 openings"): the public list is the site's busiest, and counting
 * is what its first page spends most on, a row at a time on PGlite.
 */
const PUBLIC_COUNT_CAP = 1000;

/** Newest first: when it was published, or written for a job never published; the id keeps ties in one order. */
const POSTED = 'coalesce(j.published_at, j.created_at)';
const jobOrder: SortKey[] = [
  { sql: POSTED, direction: 'desc' },
  { sql: 'j.id', direction: 'desc' },
];

/** Open jobs for visitors: published, valid through today or later (India's date) or with no end, newest first. */
export async function listPublicJobs(db: Database, filter: OpeningsQuery, today = todayInKolkata()): Promise<OpeningsPage> {
  const p = new SqlParams();
  const where = `j.status = 'published' and (j.valid_through is null or j.valid_through >= ${p.add(today)}::date)`;
  // The location is searched like words are, in lower(location)'s trigram index (migration 006).
  const searches = [
    ...(filter.location?.trim() ? [{ column: 'lower(j.location)', texts: locationSpellings(filter.location), field: 'location' }] : []),
    ...jobSearch(filter.q),
  ];
  const skip = ((filter.page ?? 1) - 1) * OPENINGS_PAGE_SIZE;
  const page = await pageOf(
    db,
    { where, params: p, searches, countCap: PUBLIC_COUNT_CAP },
    { ...filter, pageSize: OPENINGS_PAGE_SIZE, skip },
    today,
  );
  return { ...page, items: page.items.map((job) => inJobLanguage(job, filter.lang)) };
}

/** The logged-in jobs list: every job for staff, open ones (and their own company's) for everyone else. */
export async function listJobsFor(db: Database, user: { role: string; hiringFor: string | null }, filter: JobListQuery): Promise<JobPage> {
  const p = new SqlParams();
  const where: string[] = [];
  if (!isStaff(user.role)) {
    const company = p.add(user.role === ROLE.HIRING_MANAGER ? (user.hiringFor ?? '') : '');
    where.push(`(j.status = 'published' or (${company} <> '' and lower(trim(j.company_name)) = lower(trim(${company}))))`);
  }
  if (filter.status) where.push(`j.status = ${p.add(filter.status)}`);
  return pageOf(db, { where: where.join(' and ') || 'true', params: p, searches: jobSearch(filter.q) }, filter, todayInKolkata());
}

/** Title, company, location and description, lower-cased in jobs.search_text (migration 006). */
const jobSearch = (q: string | undefined) => typedSearch('j.search_text', 'q', q && searchText(q));

type JobFilter = { where: string; params: SqlParams; searches: ListSearch[]; countCap?: number };

async function pageOf(db: Database, { where, params, searches, countCap }: JobFilter, page: PageRequest, today: string) {
  // Each row's count reads only its own job's entries of job_applications_job.
  const { rows, ...paging } = await listPage<JobRow>(
    db,
    {
      select: `select ${jobColumns} ${fromJobs}`,
      countFrom: 'from jobs j',
      where,
      params,
      order: jobOrder,
      searches,
      countCap,
    },
    page,
  );
  return { items: rows.map((row) => toJob(row, today)), ...paging };
}

/**
 * Creates the job of a request, or updates it when the request was published before. The request keeps its status:
 * whether the employer became a client is for the person who works it to say.
 */
export async function publishRequest(
  tx: Queryable,
  requestId: string,
  fields: JobFields,
  userId: string,
): Promise<{ id: string; created: boolean }> {
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
    fields.translations === undefined ? null : JSON.stringify(fields.translations),
  ];
  const [existing] = await tx.query<{ id: string }>('select id from jobs where job_request_id = $1 order by created_at limit 1', [
    requestId,
  ]);
  let id: string;
  if (existing) {
    await tx.query(
      `update jobs set title = $2, description = $3, company_name = $4, location = $5, employment_type = $6, openings = $7,
              experience = $8, salary_min = $9, salary_max = $10, valid_through = $11::date,
              translations = coalesce($12::jsonb, translations), status = 'published',
              published_at = coalesce(published_at, now()), updated_at = now()
        where id = $1`,
      [existing.id, ...values],
    );
    id = existing.id;
  } else {
    const row = await queryOne<{ id: string }>(
      tx,
      `insert into jobs (job_request_id, title, description, company_name, location, employment_type, openings, experience,
                         salary_min, salary_max, valid_through, translations, status, published_at, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::date, coalesce($12::jsonb, '{}'), 'published', now(), $13) returning id`,
      [requestId, ...values, userId],
    );
    id = row.id;
  }
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
    translations: 'translations',
    status: 'status',
  };
  const sets: string[] = ['updated_at = now()'];
  const params: unknown[] = [id];
  for (const [key, column] of Object.entries(columns) as [keyof typeof changes, string][]) {
    if (changes[key] === undefined) continue;
    params.push(key === 'translations' ? JSON.stringify(changes[key]) : changes[key]);
    const cast = key === 'validThrough' ? '::date' : key === 'translations' ? '::jsonb' : '';
    sets.push(`${column} = $${params.length}${cast}`);
  }
  if (changes.status === 'published') sets.push('published_at = coalesce(published_at, now())');
  await tx.query(`update jobs set ${sets.join(', ')} where id = $1`, params);
}

/** The upload holding an applicant's resume, if the application is the job's and sent one. */
export async function resumeUploadOf(db: Queryable, jobId: string, applicantId: string): Promise<string | undefined> {
  if (!isUuid(applicantId)) return undefined;
  const [row] = await db.query<{ resume_upload_id: string | null }>(
    'select resume_upload_id from job_applications where id = $1 and job_id = $2',
    [applicantId, jobId],
  );
  return row?.resume_upload_id ?? undefined;
}

/** The job-posting form's submissions (collection JobRequests) are the job requests. */
export const JOB_REQUEST_FORM = 'job-posting';

/** Reads the request; `forUpdate` locks it, so two reviewers publishing at once make one job. */
export async function findJobRequest(db: Queryable, id: string, forUpdate = false): Promise<JobRequest | undefined> {
  if (!isUuid(id)) return undefined;
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
    createdAt: iso(row.created_at as string),
    city: (row.city as string | null) ?? null,
    assignedTo: (row.assigned_to as string | null) ?? null,
    data: jsonOf<JobRequest['data']>(row.data),
    job: job ?? null,
  };
}

export async function hasApplied(tx: Queryable, jobId: string, email: string): Promise<boolean> {
  const rows = await tx.query('select 1 from job_applications where job_id = $1 and lower(email) = lower($2)', [jobId, email]);
  return rows.length > 0;
}

/**
 * Whether an upload can be an application's resume: one visitor's, not a form submission's, not another
 * application's. The row lock orders two applications racing for the same upload; the second then sees the first's row.
 */
export async function isResumeFree(tx: Queryable, uploadId: string): Promise<boolean> {
  const free = await tx.query(`select id from uploads where id::text = $1 and kind = 'resume' and submission_id is null for update`, [
    uploadId,
  ]);
  if (!free.length) return false;
  const taken = await tx.query('select 1 from job_applications where resume_upload_id::text = $1', [uploadId]);
  return taken.length === 0;
}

export async function insertApplication(
  tx: Queryable,
  a: { jobId: string; name: string; email: string; phone: string; resumeUploadId: string | null; consent: string | null },
): Promise<string> {
  const row = await queryOne<{ id: string }>(
    tx,
    // person_of (migration 032) links it to whoever sent the same phone number or e-mail address before.
    `insert into job_applications (job_id, name, email, phone, resume_upload_id, consent, person_id)
     values ($1, $2, $3, $4, $5, $6::jsonb, person_of($4, $3)) returning id`,
    [a.jobId, a.name, a.email, a.phone, a.resumeUploadId, a.consent],
  );
  return row.id;
}

/** Mail an application owes (the recruiters' notification, the applicant's receipt), sent by the outbox worker. */
export async function queueOutbox(tx: Queryable, rows: OutboxRow[]): Promise<void> {
  for (const r of rows) await tx.query('insert into outbox (kind, payload) values ($1, $2::jsonb)', [r.kind, JSON.stringify(r.payload)]);
}
