import type { Database, Queryable } from '../db/database';
import type { SortKey } from '../db/keyset';
import { listPage, typedSearch } from '../lists/list-page';
import { SqlParams } from '../db/sql-params';
import { submissionFields, type SubmissionRow } from '../leads/store';
import type { Candidate, CandidateQuery } from '../../shared/api/candidates';
import { searchTextOf } from '../../shared/phone';

/**
 * Who counts as a candidate: the city registrations, and students on the city lead forms. Migration 006 indexes
 * exactly these rows: a change here needs the same change to its partial indexes.
 */
const isCandidate = `(s.collection in ('Registrations', 'ChennaiRegistrations') or (s.collection = 'LeadForms' and s.data->>'type' = 'student'))`;

const newestFirst: SortKey[] = [
  { sql: 's.created_at', direction: 'desc' },
  { sql: 's.id', direction: 'desc' },
];

interface CandidateRow extends SubmissionRow {
  resume_name: string | null;
  resume_size: number | null;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

function toCandidate(row: CandidateRow): Candidate {
  const d = row.data;
  return {
    ...submissionFields(row),
    name: text(d.name),
    email: text(d.email),
    phone: text(d.phone),
    role: text(d.role) ?? text(d.type),
    experience: text(d.experience),
    skills: text(d.skills),
    industry: text(d.industry),
    description: text(d.description),
    resume: row.resume_name ? { name: row.resume_name, size: row.resume_size ?? 0 } : null,
  };
}

export async function listCandidates(db: Database, options: CandidateQuery) {
  const p = new SqlParams();
  const where = options.city ? `${isCandidate} and s.city = ${p.add(options.city)}` : isCandidate;
  // Every value they typed, lower-cased in submissions.search_text (migrations 005 and 007); phones in E.164.
  const searches = typedSearch('s.search_text', 'search', options.search && searchTextOf(options.search));
  const [{ rows, ...paging }, cities] = await Promise.all([
    listPage<CandidateRow>(
      db,
      {
        select: `select s.id, s.form_id, s.collection, s.page, s.city, s.status, s.created_at, s.data, r.original_name as resume_name, r.size_bytes as resume_size
                   from submissions s
                   left join lateral (select original_name, size_bytes from uploads u where u.submission_id = s.id and u.kind = 'resume' limit 1) r on true`,
        countFrom: 'from submissions s',
        where,
        params: p,
        order: newestFirst,
        searches,
      },
      options,
    ),
    candidateCities(db),
  ]);
  return { candidates: rows.map(toCandidate), ...paging, cities };
}

/**
 * The cities candidates came from, one index probe per city (submissions_candidates_city) rather than reading every
 * candidate for a distinct.
 */
async function candidateCities(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ city: string }>(
    `with recursive cities (city) as (
       (select s.city from submissions s where ${isCandidate} and s.city is not null order by s.city limit 1)
       union all
       select (select s.city from submissions s where ${isCandidate} and s.city > cities.city order by s.city limit 1)
         from cities where cities.city is not null
     )
     select city from cities where city is not null`,
  );
  return rows.map((c) => c.city);
}

/** The resume a candidate's submission claimed, if any. */
export async function resumeOf(db: Queryable, submissionId: string): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    `select u.id from uploads u join submissions s on s.id = u.submission_id where s.id = $1 and u.kind = 'resume' and ${isCandidate} limit 1`,
    [submissionId],
  );
  return row?.id;
}
