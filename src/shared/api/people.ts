import { Type, type Static } from 'typebox';
import { LEAD_STATUSES } from '../lead-statuses';
import { Nullable } from './common';
import { Person as StaffMember } from './leads';

/** What a person's record is, as "Seen before" counts them. */
export const RECORD_KINDS = ['submission', 'registration', 'job-application'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/**
 * One thing a person sent: a submission (its reference, form and status; `open` when the viewer may open it) or an
 * application to a job (the job's title).
 */
export const PersonRecord = Type.Object({
  kind: Type.Enum([...RECORD_KINDS]),
  id: Type.String(),
  at: Type.String(),
  title: Type.String(),
  reference: Nullable(Type.String()),
  status: Nullable(Type.Enum([...LEAD_STATUSES])),
  city: Nullable(Type.String()),
  assignedTo: Nullable(StaffMember),
  /** The job an application is for. */
  jobId: Nullable(Type.String()),
  /** Whether the viewer may open it: a lead in their scope, or any job application. */
  open: Type.Boolean(),
  /** The lead being looked at. */
  current: Type.Boolean(),
});
export type PersonRecord = Static<typeof PersonRecord>;

/** One of the people merged into one: the phone numbers (as people read them) and e-mail addresses each was first seen with. */
export const PersonPart = Type.Object({
  id: Type.String(),
  phones: Type.Array(Type.String()),
  emails: Type.Array(Type.String()),
  /** Who merged it into the person the lead belongs to, and when; null for the person the others joined. */
  merged: Nullable(Type.Object({ at: Type.String(), by: Nullable(StaffMember) })),
});
export type PersonPart = Static<typeof PersonPart>;

/** The person behind a lead: who they are known as, what else they sent (newest first), and the counts of it. */
export const LeadPerson = Type.Object({
  person: Nullable(
    Type.Object({
      id: Type.String(),
      parts: Type.Array(PersonPart),
      /** Besides this lead, by kind. */
      seenBefore: Type.Object({ submission: Type.Integer(), registration: Type.Integer(), 'job-application': Type.Integer() }),
      records: Type.Array(PersonRecord),
      /** Whether there are more records than listed. */
      more: Type.Boolean(),
    }),
  ),
});
export type LeadPerson = Static<typeof LeadPerson>;

/** Merge the person of the lead with reference `with` (HF-2026-000123) into the person of this lead. */
export const MergeBody = Type.Object({ with: Type.String({ minLength: 1, maxLength: 40 }) }, { additionalProperties: false });
export type MergeBody = Static<typeof MergeBody>;

export const PartParams = Type.Object({ id: Type.String({ format: 'uuid' }), part: Type.String({ format: 'uuid' }) });
export type PartParams = Static<typeof PartParams>;
