import { queryOne, type Queryable } from '../db/database';
import { containsPattern } from '../db/sql-values';
import { submissionFields, type SubmissionRow } from '../leads/store';
import type { Candidate, CandidateQuery } from '../../shared/api/candidates';

/** Who counts as a candidate: the city registrations, and students on the city lead forms. */
const isCandidate = `(s.collection in ('Registrations', 'ChennaiRegistrations') or (s.collection = 'LeadForms' and s.data->>'type' = 'student'))`;

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

export async function listCandidates(db: Queryable, options: CandidateQuery) {
  const where = `where ${isCandidate}
      and ($1::text is null or s.data->>'name' ilike $1 or s.data->>'email' ilike $1 or s.data->>'phone' ilike $1 or s.data->>'skills' ilike $1)
      and ($2::text is null or s.city = $2)`;
  const params = [options.search?.trim() ? containsPattern(options.search.trim()) : null, options.city || null];
  const rows = await db.query<CandidateRow>(
    `select s.id, s.form_id, s.collection, s.page, s.city, s.status, s.created_at, s.data, r.original_name as resume_name, r.size_bytes as resume_size
       from submissions s
       left join lateral (select original_name, size_bytes from uploads u where u.submission_id = s.id and u.kind = 'resume' limit 1) r on true
       ${where} order by s.created_at desc, s.id limit $3 offset $4`,
    [...params, options.pageSize, (options.page - 1) * options.pageSize],
  );
  const { total } = await queryOne<{ total: number }>(db, `select count(*)::int as total from submissions s ${where}`, params);
  const cities = await db.query<{ city: string }>(
    `select distinct s.city from submissions s where ${isCandidate} and s.city is not null order by s.city`,
  );
  return { candidates: rows.map(toCandidate), total, page: options.page, pageSize: options.pageSize, cities: cities.map((c) => c.city) };
}

/** The resume a candidate's submission claimed, if any. */
export async function resumeOf(db: Queryable, submissionId: string): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    `select u.id from uploads u join submissions s on s.id = u.submission_id where s.id = $1 and u.kind = 'resume' and ${isCandidate} limit 1`,
    [submissionId],
  );
  return row?.id;
}
