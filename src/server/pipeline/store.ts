import { queryOne, type Database, type Queryable } from '../db/database';
import type { PageRequest } from '../db/keyset';
import { listPage } from '../lists/list-page';
import { SqlParams } from '../db/sql-params';
import { iso } from '../db/sql-values';
import type { Applicant } from '../../shared/api/jobs';
import type { CandidateEvent, CandidateState, PersonRef, PlacementFields } from '../../shared/api/pipeline';
import { STAGES, type Stage } from '../../shared/pipeline-stages';
import { staffName } from '../users/staff-name';

type CandidateRow = {
  id: string;
  name: string;
  email: string;
  phone: string;
  created_at: string;
  resume_upload_id: string | null;
  stage: Stage;
  stage_changed_at: string | null;
  interview_at: string | null;
  closed_reason: string | null;
  owner_id: string | null;
  owner_name: string | null;
  submission_id: string | null;
};

export type ListedCandidate = Omit<Applicant, 'resumeUrl' | 'whatsapp'>;

const toState = (r: CandidateRow): CandidateState => ({
  stage: r.stage,
  stageChangedAt: iso(r.stage_changed_at),
  interviewAt: iso(r.interview_at),
  closedReason: r.closed_reason,
  owner: r.owner_id ? { id: r.owner_id, name: r.owner_name ?? '' } : null,
  leadId: r.submission_id,
});

const CANDIDATE_SELECT = `select a.id, a.name, a.email, a.phone, a.created_at, a.resume_upload_id, a.stage, a.stage_changed_at,
    a.interview_at, a.closed_reason, a.owner_id, ${staffName('o')} as owner_name, a.submission_id
  from job_applications a left join users o on o.id = a.owner_id`;

const toCandidate = (r: CandidateRow): ListedCandidate => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  appliedAt: iso(r.created_at),
  hasResume: r.resume_upload_id != null,
  ...toState(r),
});

/** One of the job's candidates, as the list shows them; undefined when the job has no such candidate. */
export async function candidateOf(db: Queryable, jobId: string, applicationId: string): Promise<ListedCandidate | undefined> {
  const [row] = await db.query<CandidateRow>(`${CANDIDATE_SELECT} where a.job_id = $1 and a.id = $2`, [jobId, applicationId]);
  return row && toCandidate(row);
}

/** A job's candidates in stage order (newest first within a stage), all or one stage's, a page at a time. */
export async function candidatesOf(db: Database, jobId: string, page: PageRequest & { stage?: Stage }) {
  const p = new SqlParams();
  const where = [`a.job_id = ${p.add(jobId)}`];
  if (page.stage) where.push(`a.stage = ${p.add(page.stage)}`);
  const { rows, ...paging } = await listPage<CandidateRow>(
    db,
    {
      select: CANDIDATE_SELECT,
      countFrom: 'from job_applications a',
      where: where.join(' and '),
      params: p,
      order: [
        { sql: 'a.stage_rank', direction: 'asc' },
        { sql: 'a.created_at', direction: 'desc' },
        { sql: 'a.id', direction: 'desc' },
      ],
    },
    page,
  );
  return { applicants: rows.map(toCandidate), ...paging };
}

/** How many of a job's candidates stand at each stage (every stage named, zeros included). */
export async function stageCounts(db: Queryable, jobId: string): Promise<Record<Stage, number>> {
  const rows = await db.query<{ stage: Stage; n: number }>(
    'select stage, count(*)::int as n from job_applications where job_id = $1 group by stage',
    [jobId],
  );
  const counts = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;
  for (const { stage, n } of rows) counts[stage] = n;
  return counts;
}

/** Who may own a candidate: the active staff who work jobs (admins, BDEs, FBDEs and recruiters). */
const OWNERS = `u.active and u.role in ('ADMIN', 'BDE', 'FBDE', 'RECRUITER')`;

export async function possibleOwners(db: Queryable): Promise<PersonRef[]> {
  return db.query<PersonRef>(`select u.id, ${staffName('u')} as name from users u where ${OWNERS} order by 2, u.username`);
}

export async function isPossibleOwner(db: Queryable, id: string): Promise<boolean> {
  return (await db.query(`select 1 from users u where u.id = $1 and ${OWNERS}`, [id])).length > 0;
}

export interface MoveRequest {
  jobId: string;
  ids: readonly string[];
  stage: Stage;
  actorId: string;
  reason: string | null;
  interviewAt: string | null;
  /** Candidates who joined stay there: the mover may not undo a placement. */
  leaveJoined: boolean;
}

/**
 * Moves the job's candidates among `ids` that are not already at the stage, each with a line of history, in one
 * statement; answers how many moved. A candidate who leaves Joined is no longer placed: the placement goes, and the
 * history says when.
 */
export async function moveCandidates(tx: Queryable, m: MoveRequest): Promise<number> {
  const [row] = await tx.query<{ moved: number }>(
    `with old as (
       select id, stage from job_applications
        where job_id = $1 and id = any($2::uuid[]) and (stage <> $3 or $3 = 'interview')
          and not ($7::boolean and stage = 'joined') for update),
     moved as (
       update job_applications a
          set stage = $3, stage_changed_at = now(), closed_reason = $4,
              interview_at = case when $3 = 'interview' then $5::timestamptz end
         from old where a.id = old.id
       returning a.id, old.stage as from_stage),
     logged as (
       insert into application_events (application_id, actor_id, kind, from_stage, to_stage, reason, interview_at)
       select id, $6, 'stage', from_stage, $3, $4, $5::timestamptz from moved),
     unplaced as (
       delete from placements where application_id in (select id from moved where from_stage = 'joined'))
     select count(*)::int as moved from moved`,
    [m.jobId, m.ids, m.stage, m.reason, m.interviewAt, m.actorId, m.leaveJoined],
  );
  return row?.moved ?? 0;
}

/** Records the placement of the job's candidate who joined (one per candidate: recording again replaces it). */
export async function recordPlacement(tx: Queryable, jobId: string, applicationId: string, fields: PlacementFields, actorId: string) {
  await tx.query(
    `insert into placements (application_id, job_id, company_name, franchise_city, recruiter_id, applied_at, joining_date, ctc,
                             fee_type, fee, invoice_status, new_company, created_by)
     select a.id, a.job_id, j.company_name, $2, coalesce(a.owner_id, $9), a.created_at, $3::date, $4, $5, $6, $7, $8, $9
       from job_applications a join jobs j on j.id = a.job_id where a.id = $1 and a.job_id = $10
     on conflict (application_id) do update set
       franchise_city = excluded.franchise_city, recruiter_id = excluded.recruiter_id, joining_date = excluded.joining_date,
       ctc = excluded.ctc, fee_type = excluded.fee_type, fee = excluded.fee, invoice_status = excluded.invoice_status,
       new_company = excluded.new_company, updated_at = now()`,
    [
      applicationId,
      fields.franchiseCity,
      fields.joiningDate,
      fields.ctc,
      fields.feeType,
      fields.fee,
      fields.invoiceStatus,
      fields.newCompany,
      actorId,
      jobId,
    ],
  );
}

/** Gives a candidate an owner (or none), with a line of history; false when the job has no such candidate. */
export async function setOwner(tx: Queryable, jobId: string, applicationId: string, ownerId: string | null, actorId: string) {
  const [row] = await tx.query<{ id: string }>(
    `update job_applications set owner_id = $3 where job_id = $1 and id = $2 and owner_id is distinct from $3 returning id`,
    [jobId, applicationId, ownerId],
  );
  if (row)
    await tx.query(`insert into application_events (application_id, actor_id, kind, owner_id) values ($1, $2, 'owner', $3)`, [
      applicationId,
      actorId,
      ownerId,
    ]);
  return row !== undefined;
}

export async function addCandidateNote(tx: Queryable, applicationId: string, body: string, actorId: string) {
  await tx.query(`insert into application_events (application_id, actor_id, kind, body) values ($1, $2, 'note', $3)`, [
    applicationId,
    actorId,
    body,
  ]);
}

/** Whether the job has this candidate. */
export async function isCandidateOf(db: Queryable, jobId: string, applicationId: string): Promise<boolean> {
  const rows = await db.query('select 1 from job_applications where job_id = $1 and id = $2', [jobId, applicationId]);
  return rows.length > 0;
}

/** A candidate's history, oldest first. */
export async function historyOf(db: Queryable, applicationId: string): Promise<CandidateEvent[]> {
  const rows = await db.query<{
    id: string;
    kind: CandidateEvent['kind'];
    created_at: string;
    by_name: string | null;
    from_stage: Stage | null;
    to_stage: Stage | null;
    reason: string | null;
    interview_at: string | null;
    owner_name: string | null;
    body: string | null;
  }>(
    `select e.id::text, e.kind, e.created_at, ${staffName('b')} as by_name, e.from_stage, e.to_stage, e.reason, e.interview_at,
            ${staffName('o')} as owner_name, e.body
       from application_events e left join users b on b.id = e.actor_id left join users o on o.id = e.owner_id
      where e.application_id = $1 order by e.id`,
    [applicationId],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    at: iso(r.created_at),
    by: r.by_name,
    fromStage: r.from_stage,
    toStage: r.to_stage,
    reason: r.reason,
    interviewAt: iso(r.interview_at),
    owner: r.owner_name,
    body: r.body,
  }));
}

/** A lead or registration as a candidate needs it: who, how to reach them, and whether they are the job's already. */
export async function leadAsCandidate(db: Queryable, jobId: string, leadId: string) {
  const [row] = await db.query<{
    id: string;
    name: string | null;
    email: string | null;
    phone: string | null;
    person_id: string | null;
    city: string | null;
    assigned_to: string | null;
    taken: boolean;
  }>(
    `select s.id, s.data->>'name' as name, s.data->>'email' as email, s.data->>'phone' as phone, s.person_id, s.city, s.assigned_to,
            exists (select 1 from job_applications a
                     where a.job_id = $1 and (a.submission_id = s.id or (s.person_id is not null and a.person_id = s.person_id))) as taken
       from submissions s where s.id = $2`,
    [jobId, leadId],
  );
  return row;
}

/** Adds a lead or registration to the job as a candidate at Applied, owned by whoever added them. */
export async function insertCandidateFromLead(
  tx: Queryable,
  c: { jobId: string; leadId: string; name: string; email: string; phone: string; personId: string | null; actorId: string },
) {
  const row = await queryOne<{ id: string }>(
    tx,
    `insert into job_applications (job_id, name, email, phone, person_id, submission_id, owner_id)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [c.jobId, c.name, c.email, c.phone, c.personId, c.leadId, c.actorId],
  );
  await tx.query(`insert into application_events (application_id, actor_id, kind, to_stage) values ($1, $2, 'added', 'applied')`, [
    row.id,
    c.actorId,
  ]);
  return row.id;
}
