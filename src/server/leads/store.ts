import { queryOne, type Database, type Queryable } from '../db/database';
import { iso } from '../db/sql-values';
import { SqlParams } from '../db/sql-params';
import { recordActivity } from '../activity/store';
import type { ContactLog, LeadChange, Note, Person, ResumeFile } from '../../shared/api/leads';
import type { Attribution } from '../../shared/api/forms';
import type { LeadStatus } from '../../shared/lead-statuses';
import { BDE_ROLES } from '../../shared/roles';
import { scopeOf, type Viewer } from './lead-where';

/** A lead as stored, before the routes label its fields from the form. */
export interface LeadRow {
  id: string;
  reference: string;
  formId: string;
  collection: string;
  page: string;
  city: string | null;
  status: LeadStatus;
  data: Record<string, unknown>;
  consent: { text?: string; givenAt?: string; page?: string; lang?: string; version?: string } | null;
  /** The language of the page it was sent from. */
  locale: string;
  createdAt: string;
  updatedAt: string | null;
  assignedTo: Person | null;
  hasResume: boolean;
  respondBy: string | null;
  answeredAt: string | null;
  followUpAt: string | null;
  repeat: boolean;
  source: string | null;
  attribution: Attribution | null;
}

/** A lead with its assignee and whether it carries a resume, from submissions `s`. */
export const LEAD_SELECT = `
  select s.id, s.reference, s.form_id, s.collection, s.page, s.city, s.status, s.data, s.consent, s.locale, s.created_at, s.updated_at,
         s.respond_by, s.answered_at, s.follow_up_at, s.source, s.attribution, s.repeat_of is not null as repeat,
         u.id as assignee_id, u.username as assignee_username, u.full_name as assignee_full_name,
         exists (select 1 from uploads f where f.submission_id = s.id and f.kind = 'resume') as has_resume
    from submissions s left join users u on u.id = s.assigned_to`;

/** The columns every view of a submission starts with: leads, candidates, the dashboard's latest. */
export interface SubmissionRow<S extends string = string> {
  id: string;
  form_id: string;
  collection: string;
  page: string;
  city: string | null;
  status: S;
  created_at: Date;
  data: Record<string, unknown>;
}

/** Those columns as the API names them. */
export const submissionFields = <S extends string>(row: SubmissionRow<S>) => ({
  id: row.id,
  formId: row.form_id,
  collection: row.collection,
  page: row.page,
  city: row.city,
  status: row.status,
  createdAt: iso(row.created_at),
});

export type RawLead = SubmissionRow<LeadStatus> & {
  reference: string;
  consent: LeadRow['consent'];
  locale: string;
  updated_at: Date | null;
  assignee_id: string | null;
  assignee_username: string | null;
  assignee_full_name: string | null;
  has_resume: boolean;
  respond_by: Date | null;
  answered_at: Date | null;
  follow_up_at: Date | null;
  repeat: boolean;
  source: string | null;
  attribution: Attribution | null;
};

export function toLead(row: RawLead): LeadRow {
  return {
    ...submissionFields(row),
    reference: row.reference,
    data: row.data ?? {},
    consent: row.consent,
    locale: row.locale,
    updatedAt: row.updated_at ? iso(row.updated_at) : null,
    assignedTo: row.assignee_id ? { id: row.assignee_id, username: row.assignee_username ?? '', fullName: row.assignee_full_name } : null,
    hasResume: row.has_resume,
    respondBy: row.respond_by ? iso(row.respond_by) : null,
    answeredAt: row.answered_at ? iso(row.answered_at) : null,
    followUpAt: row.follow_up_at ? iso(row.follow_up_at) : null,
    repeat: row.repeat,
    source: row.source,
    attribution: row.attribution,
  };
}

/** A lead the viewer may see, or undefined: out of scope looks the same as missing. */
export async function findLead(db: Queryable, viewer: Viewer, id: string): Promise<LeadRow | undefined> {
  const p = new SqlParams();
  const idParam = p.add(id);
  const [row] = await db.query<RawLead>(`${LEAD_SELECT} where s.id = ${idParam} and ${scopeOf(viewer, p)}`, p.values);
  return row ? toLead(row) : undefined;
}

type RawNote = { id: string; body: string; created_at: Date; author_id: string; author_username: string; author_full_name: string | null };

const toNote = (r: RawNote): Note => ({
  id: r.id,
  body: r.body,
  createdAt: iso(r.created_at),
  author: { id: r.author_id, username: r.author_username, fullName: r.author_full_name },
});

export async function notesOf(db: Queryable, leadId: string): Promise<Note[]> {
  const rows = await db.query<RawNote>(
    `select n.id, n.body, n.created_at, a.id as author_id, a.username as author_username, a.full_name as author_full_name
       from submission_notes n join users a on a.id = n.author_id
      where n.submission_id = $1 order by n.created_at, n.id`,
    [leadId],
  );
  return rows.map(toNote);
}

export async function addNote(db: Database, author: Person, leadId: string, body: string): Promise<Note> {
  return db.transaction(async (tx) => {
    const row = await queryOne<{ id: string; created_at: Date }>(
      tx,
      'insert into submission_notes (submission_id, author_id, body) values ($1, $2, $3) returning id, created_at',
      [leadId, author.id, body],
    );
    await tx.query('update submissions set updated_at = now() where id = $1', [leadId]);
    await recordActivity(tx, author.id, 'lead.note', { type: 'submission', id: leadId });
    return { id: row.id, body, createdAt: iso(row.created_at), author };
  });
}

/** The resume the lead's submission claimed, if it carried one. */
export async function resumeOf(db: Queryable, leadId: string): Promise<ResumeFile | undefined> {
  const [row] = await db.query<{ id: string; original_name: string; size_bytes: number; media_type: string }>(
    `select id, original_name, size_bytes, media_type from uploads where submission_id = $1 and kind = 'resume' order by created_at limit 1`,
    [leadId],
  );
  return row ? { id: row.id, name: row.original_name, size: Number(row.size_bytes), type: row.media_type } : undefined;
}

/** Active BDE and FBDE accounts: who a lead may be assigned to. */
export async function assignableUsers(db: Queryable) {
  const rows = await db.query<{ id: string; username: string; full_name: string | null; role: string; city: string | null }>(
    `select id, username, full_name, role, city from users where active and role = any($1::text[]) order by coalesce(full_name, username), username`,
    [BDE_ROLES],
  );
  return rows.map((r) => ({ id: r.id, username: r.username, fullName: r.full_name, role: r.role, city: r.city }));
}

/** What a status moved on from New, or a contact logged, sets: the lead's first response, which stops its clock. */
export const ANSWERED = 'answered_at = coalesce(answered_at, now()), clock_at = null';

/** Sets the next follow-up (or clears it) and records who did, within the caller's transaction. */
async function setFollowUp(tx: Queryable, actorId: string, lead: LeadRow, followUpAt: string | null) {
  const unchanged = followUpAt && lead.followUpAt ? Date.parse(followUpAt) === Date.parse(lead.followUpAt) : followUpAt === lead.followUpAt;
  if (unchanged) return;
  await tx.query('update submissions set follow_up_at = $2 where id = $1', [lead.id, followUpAt]);
  await recordActivity(tx, actorId, 'lead.follow-up', { type: 'submission', id: lead.id }, { due: followUpAt });
}

/** Records a call, WhatsApp or mail to the lead: its first response if it had none, and the next follow-up if given. */
export async function logContact(db: Database, actorId: string, lead: LeadRow, contact: ContactLog) {
  await db.transaction(async (tx) => {
    await tx.query(`update submissions set updated_at = now(), ${ANSWERED} where id = $1`, [lead.id]);
    const note = contact.note?.trim() || null;
    await recordActivity(
      tx,
      actorId,
      'lead.contact',
      { type: 'submission', id: lead.id },
      {
        channel: contact.channel,
        outcome: contact.outcome,
        note,
      },
    );
    if (contact.followUpAt !== undefined) await setFollowUp(tx, actorId, lead, contact.followUpAt);
  });
}

/** What the last change of a lead's offline source recorded (activity 'lead.source'), if staff ever set one. */
type SourceChange = { from: string | null; to: string | null; arrival: string | null };

/**
 * Sets or takes back a lead's offline source. Its source becomes the offline one, or, taken back, the one it arrived
 * with: each change records that arrival source, so it comes back as it was (null for a lead stored before sources).
 */
async function changeOfflineSource(tx: Queryable, actorId: string, lead: LeadRow, offline: string | null) {
  const [last] = await tx.query<{ detail: SourceChange }>(
    `select detail from activity where subject_type = 'submission' and subject_id = $1 and action = 'lead.source' order by id desc limit 1`,
    [lead.id],
  );
  const current = last?.detail.to ?? null;
  if (offline === current) return;
  const arrival = last ? last.detail.arrival : lead.source;
  await tx.query('update submissions set source = $1 where id = $2', [offline ?? arrival, lead.id]);
  const change: SourceChange = { from: current, to: offline, arrival };
  await recordActivity(tx, actorId, 'lead.source', { type: 'submission', id: lead.id }, change);
}

/** Applies a change and records who made it, in one transaction. */
export async function updateLead(db: Database, actorId: string, lead: LeadRow, change: LeadChange) {
  await db.transaction(async (tx) => {
    // null may arrive as '' (the API's schema coerces types): either takes the offline source back.
    if (change.offlineSource !== undefined) await changeOfflineSource(tx, actorId, lead, change.offlineSource || null);
    const p = new SqlParams();
    const sets = ['updated_at = now()'];
    if (change.status !== undefined) sets.push(`status = ${p.add(change.status)}`);
    // Moving on from New is a first response: it stops the lead's clock.
    if (change.status !== undefined && change.status !== 'new') sets.push(ANSWERED);
    if (change.assignedTo !== undefined) sets.push(`assigned_to = ${p.add(change.assignedTo)}`);
    // A closed lead asks nothing more of anyone.
    if (change.status === 'closed') sets.push('follow_up_at = null');
    await tx.query(`update submissions set ${sets.join(', ')} where id = ${p.add(lead.id)}`, p.values);
    if (change.followUpAt !== undefined && change.status !== 'closed') await setFollowUp(tx, actorId, lead, change.followUpAt);
    const subject = { type: 'submission', id: lead.id };
    if (change.status !== undefined && change.status !== lead.status) {
      await recordActivity(tx, actorId, 'lead.status', subject, { from: lead.status, to: change.status });
    }
    if (change.assignedTo !== undefined && change.assignedTo !== (lead.assignedTo?.id ?? null)) {
      await recordActivity(tx, actorId, 'lead.assign', subject, { from: lead.assignedTo?.id ?? null, to: change.assignedTo });
    }
  });
}
