import type { Database, Queryable } from '../db/database';
import { iso } from '../db/sql-values';
import { formatPhone } from '../../shared/phone';
import { SqlParams } from '../db/sql-params';
import { recordActivity } from '../activity/store';
import { scopeOf, type Viewer } from '../leads/lead-where';
import type { LeadPerson, PersonPart, PersonRecord, RecordKind } from '../../shared/api/people';
import type { LeadStatus } from '../../shared/lead-statuses';

/** Records listed on a lead; "Seen before" counts them all. */
const RECORDS_SHOWN = 50;

/** The collections whose submissions are registrations, as "Seen before" names them; applications to jobs are their own table. */
const REGISTRATIONS = ['Registrations', 'ChennaiRegistrations', 'EventRegistrations'];

/** Over submissions `s`: what kind of record it is ($2: the registration collections). */
const SUBMISSION_KIND = `case when s.collection = any($2::text[]) then 'registration' else 'submission' end`;

/** The people merged into one with the root $1 (a person merged into nobody): `group_of` (id). */
const GROUP = `group_of as (select id from people where id = $1 or merged_into = $1)`;

/** The person a lead belongs to, merged into nobody, or null for a lead with no phone number or e-mail address. */
async function rootOfLead(db: Queryable, leadId: string): Promise<string | null> {
  const [row] = await db.query<{ root: string }>(
    'select coalesce(p.merged_into, p.id) as root from submissions s join people p on p.id = s.person_id where s.id = $1',
    [leadId],
  );
  return row?.root ?? null;
}

type PartRow = {
  id: string;
  keys: string[];
  merged_at: Date | null;
  by_id: string | null;
  by_username: string | null;
  by_full_name: string | null;
};

async function partsOf(db: Queryable, root: string): Promise<PersonPart[]> {
  const rows = await db.query<PartRow>(
    `select g.id, g.merged_at, u.id as by_id, u.username as by_username, u.full_name as by_full_name,
            array(select k.key from person_keys k where k.person_id = g.id order by k.key) as keys
       from people g left join users u on u.id = g.merged_by
      where g.id = $1 or g.merged_into = $1
      order by g.merged_into is not null, g.merged_at, g.id`,
    [root],
  );
  return rows.map((row) => ({
    id: row.id,
    phones: row.keys.filter((key) => key.startsWith('tel:')).map((key) => formatPhone(key.slice('tel:'.length))),
    emails: row.keys.filter((key) => key.startsWith('mailto:')).map((key) => key.slice('mailto:'.length)),
    merged: row.merged_at
      ? { at: iso(row.merged_at), by: row.by_id ? { id: row.by_id, username: row.by_username ?? '', fullName: row.by_full_name } : null }
      : null,
  }));
}

type RecordRow = {
  kind: RecordKind;
  id: string;
  created_at: Date;
  form_id: string | null;
  job_title: string | null;
  job_id: string | null;
  reference: string | null;
  status: LeadStatus | null;
  city: string | null;
  open: boolean;
  assignee_id: string | null;
  assignee_username: string | null;
  assignee_full_name: string | null;
};

/**
 * The person behind a lead the viewer may see: the people merged into them, what they sent (newest first, each marked
 * whether the viewer may open it), and how many of each kind besides this lead. `titleOf` names a form.
 */
export async function personOfLead(
  db: Queryable,
  viewer: Viewer,
  leadId: string,
  titleOf: (formId: string) => string,
): Promise<LeadPerson> {
  const root = await rootOfLead(db, leadId);
  if (!root) return { person: null };
  const p = new SqlParams();
  p.add(root);
  p.add(REGISTRATIONS);
  const scope = scopeOf(viewer, p);
  const records = await db.query<RecordRow>(
    // Each kind newest first through its own index, so a person with thousands of leads costs no more than a few.
    `with ${GROUP},
     record as (
       (select ${SUBMISSION_KIND} as kind, s.id, s.created_at, s.form_id, null as job_title, null::uuid as job_id, s.reference,
               s.status, s.city, s.assigned_to, coalesce(${scope}, false) as open
          from submissions s where s.person_id in (select id from group_of) order by s.created_at desc limit ${RECORDS_SHOWN + 1})
       union all
       (select 'job-application', a.id, a.created_at, null, j.title, a.job_id, null, null, j.location, null, true
          from job_applications a join jobs j on j.id = a.job_id
         where a.person_id in (select id from group_of) order by a.created_at desc limit ${RECORDS_SHOWN + 1}))
     select r.*, u.id as assignee_id, u.username as assignee_username, u.full_name as assignee_full_name
       from (select * from record order by created_at desc, id limit ${RECORDS_SHOWN + 1}) r
       left join users u on u.id = r.assigned_to
      order by r.created_at desc, r.id`,
    p.values,
  );
  const counts = await db.query<{ kind: RecordKind; n: number }>(
    `with ${GROUP}
     select kind, count(*)::int as n from (
       select ${SUBMISSION_KIND} as kind from submissions s where s.person_id in (select id from group_of) and s.id <> $3
       union all
       select 'job-application' from job_applications a where a.person_id in (select id from group_of)) k
      group by kind`,
    [root, REGISTRATIONS, leadId],
  );
  const seenBefore = { submission: 0, registration: 0, 'job-application': 0 };
  for (const { kind, n } of counts) seenBefore[kind] = n;
  return {
    person: {
      id: root,
      parts: await partsOf(db, root),
      seenBefore,
      records: records.slice(0, RECORDS_SHOWN).map((row) => toRecord(row, leadId, titleOf)),
      more: records.length > RECORDS_SHOWN,
    },
  };
}

function toRecord(row: RecordRow, leadId: string, titleOf: (formId: string) => string): PersonRecord {
  const submission = row.form_id !== null;
  return {
    kind: row.kind,
    id: row.id,
    at: iso(row.created_at),
    title: submission ? titleOf(row.form_id ?? '') : (row.job_title ?? ''),
    reference: row.reference,
    // Out of the viewer's scope, a lead shows only that it was sent, and when.
    status: row.open ? row.status : null,
    city: row.open ? row.city : null,
    assignedTo:
      row.open && row.assignee_id ? { id: row.assignee_id, username: row.assignee_username ?? '', fullName: row.assignee_full_name } : null,
    jobId: row.job_id,
    open: row.open,
    current: row.id === leadId,
  };
}

export type MergeOutcome = 'merged' | 'no-such-lead' | 'same-person';

/**
 * Merges the person of the lead with reference `reference`, and everyone merged with them, into the person of the lead
 * `leadId`. A lead with no phone number or e-mail address gets a person of its own first. Recorded in both leads'
 * histories.
 */
export async function mergePeople(db: Database, actorId: string, leadId: string, reference: string): Promise<MergeOutcome> {
  return db.transaction(async (tx) => {
    const [other] = await tx.query<{ id: string }>('select id from submissions where reference = $1', [reference.trim().toUpperCase()]);
    if (!other) return 'no-such-lead';
    const root = (await rootOfLead(tx, leadId)) ?? (await ownPerson(tx, leadId));
    const joining = (await rootOfLead(tx, other.id)) ?? (await ownPerson(tx, other.id));
    if (root === joining) return 'same-person';
    await tx.query('update people set merged_into = $1, merged_by = $3, merged_at = now() where id = $2 or merged_into = $2', [
      root,
      joining,
      actorId,
    ]);
    await recordActivity(tx, actorId, 'person.merge', { type: 'submission', id: leadId }, { with: other.id });
    await recordActivity(tx, actorId, 'person.merge', { type: 'submission', id: other.id }, { with: leadId });
    return 'merged';
  });
}

/** A new person for a lead that has none (no phone number or e-mail address to find one by). */
async function ownPerson(tx: Queryable, leadId: string): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `with made as (insert into people default values returning id)
     update submissions set person_id = (select id from made) where id = $1 returning person_id as id`,
    [leadId],
  );
  if (!row) throw new Error(`merging people: lead ${leadId} is gone`);
  return row.id;
}

/**
 * Takes one person back out of the person the lead belongs to: whoever was merged in (not the person the others
 * joined). Answers whether there was such a part.
 */
export async function separatePart(db: Database, actorId: string, leadId: string, partId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const root = await rootOfLead(tx, leadId);
    if (!root) return false;
    const separated = await tx.query(
      'update people set merged_into = null, merged_by = null, merged_at = null where id = $1 and merged_into = $2 returning id',
      [partId, root],
    );
    if (!separated.length) return false;
    await recordActivity(tx, actorId, 'person.separate', { type: 'submission', id: leadId }, { part: partId });
    return true;
  });
}

const FORGET_LONE = `
  with lone as (
    select p.id from people p
     where p.id = any($1::uuid[])
       and not exists (select 1 from submissions s where s.person_id = p.id)
       and not exists (select 1 from job_applications a where a.person_id = p.id)
       and not exists (select 1 from people m where m.merged_into = p.id)),
  keys as (delete from person_keys k where k.person_id in (select id from lone))
  delete from people where id in (select id from lone)`;

/**
 * Forgets the people among `ids` that nothing names any more (no submission, job application or merged person), and
 * the phone numbers and e-mail addresses they were known by, then the people they were merged into if those are left
 * with nothing: run where submissions and applications are erased.
 */
export async function forgetLonePeople(tx: Queryable, ids: (string | null)[]) {
  const people = [...new Set(ids.filter((id): id is string => id !== null))];
  if (!people.length) return;
  const roots = await tx.query<{ id: string }>(
    'select distinct merged_into as id from people where id = any($1::uuid[]) and merged_into is not null',
    [people],
  );
  await tx.query(FORGET_LONE, [people]);
  if (roots.length) await tx.query(FORGET_LONE, [roots.map((root) => root.id)]);
}

/** Forgets a phone number (E.164) or e-mail address as a key of whoever it found: its owner asked to be erased. */
export async function forgetAddress(tx: Queryable, address: { phone: string } | { email: string }) {
  const key = 'phone' in address ? `tel:${address.phone}` : `mailto:${address.email.trim().toLowerCase()}`;
  await tx.query('delete from person_keys where key = $1', [key]);
}
