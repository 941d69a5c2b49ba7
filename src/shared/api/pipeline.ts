import { Type, type Static } from 'typebox';
import { FEE_TYPES, INVOICE_STATUSES, STAGES } from '../pipeline-stages';
import { Nullable } from './common';

/** A job's pipeline: its candidates' stages, owners, notes and history, and the placement a move to Joined records. */

export const StageSchema = Type.Enum([...STAGES]);

/** A staff member as the pipeline names them. */
export const PersonRef = Type.Object({ id: Type.String(), name: Type.String() });
export type PersonRef = Static<typeof PersonRef>;

/** Where a candidate stands: what the pipeline's list shows of each. */
export const CandidateState = Type.Object({
  stage: StageSchema,
  /** When the candidate reached the stage (ISO); null while still as applied. */
  stageChangedAt: Nullable(Type.String()),
  /** The interview's date and time (ISO), while the stage is Interview. */
  interviewAt: Nullable(Type.String()),
  /** Why a Dropped or Rejected candidate left. */
  closedReason: Nullable(Type.String()),
  owner: Nullable(PersonRef),
  /** The registration or lead staff added the candidate from; null for one who applied on the site. */
  leadId: Nullable(Type.String()),
});
export type CandidateState = Static<typeof CandidateState>;

const Rupees = Type.Integer({ minimum: 0, maximum: 1_000_000_000 });
const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** What a move to Joined records. */
export const PlacementFields = Type.Object(
  {
    joiningDate: IsoDate,
    /** The candidate's annual CTC in rupees. */
    ctc: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
    feeType: Type.Enum([...FEE_TYPES]),
    /** The fee billed to the client, in rupees. */
    fee: Rupees,
    invoiceStatus: Type.Enum([...INVOICE_STATUSES]),
    /** The franchise city whose team placed the candidate; null for the head office. */
    franchiseCity: Nullable(Type.String({ maxLength: 80 })),
    /** The placement onboarded a company new to the brand. */
    newCompany: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type PlacementFields = Static<typeof PlacementFields>;

/** Several candidates of one job moved to a stage at once; Joined takes one, with its placement. */
export const MoveBody = Type.Object(
  {
    ids: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 100, uniqueItems: true }),
    stage: StageSchema,
    /** Required for Dropped and Rejected. */
    reason: Type.Optional(Type.String({ maxLength: 300 })),
    /** Required for Interview (ISO date and time). */
    interviewAt: Type.Optional(Type.String({ format: 'date-time' })),
    /** Required for Joined. */
    placement: Type.Optional(PlacementFields),
  },
  { additionalProperties: false },
);
export type MoveBody = Static<typeof MoveBody>;

export const MoveReply = Type.Object({ moved: Type.Integer() });
export type MoveReply = Static<typeof MoveReply>;

export const ApplicantParams = Type.Object({ id: Type.String({ maxLength: 64 }), applicantId: Type.String({ format: 'uuid' }) });
export type ApplicantParams = Static<typeof ApplicantParams>;

export const OwnerBody = Type.Object({ ownerId: Nullable(Type.String({ format: 'uuid' })) }, { additionalProperties: false });
export type OwnerBody = Static<typeof OwnerBody>;

export const CandidateNoteBody = Type.Object(
  { body: Type.String({ minLength: 1, maxLength: 2000, pattern: '\\S' }) },
  { additionalProperties: false },
);
export type CandidateNoteBody = Static<typeof CandidateNoteBody>;

/** A lead or registration added to a job as its candidate. */
export const AddCandidateBody = Type.Object({ leadId: Type.String({ format: 'uuid' }) }, { additionalProperties: false });
export type AddCandidateBody = Static<typeof AddCandidateBody>;

/** One line of a candidate's history, oldest first. */
export const CandidateEvent = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('added'), Type.Literal('stage'), Type.Literal('owner'), Type.Literal('note')]),
  at: Type.String(),
  by: Nullable(Type.String()),
  fromStage: Nullable(StageSchema),
  toStage: Nullable(StageSchema),
  reason: Nullable(Type.String()),
  interviewAt: Nullable(Type.String()),
  owner: Nullable(Type.String()),
  body: Nullable(Type.String()),
});
export type CandidateEvent = Static<typeof CandidateEvent>;

export const Placement = Type.Object({
  id: Type.String(),
  ...PlacementFields.properties,
  createdAt: Type.String(),
});
export type Placement = Static<typeof Placement>;

/**
 * A candidate opened from the pipeline: where they stand (the list's row, `candidate`, an Applicant of the jobs API),
 * their history and placement, and what the viewer may do.
 */
export const CandidateDetail = Type.Object({
  job: Type.Object({ id: Type.String(), title: Type.String(), companyName: Type.String(), location: Type.String() }),
  history: Type.Array(CandidateEvent),
  placement: Nullable(Placement),
  canMove: Type.Boolean(),
  /** Whether the viewer records placements (moves to and from Joined): the staff who work the job. */
  canPlace: Type.Boolean(),
  owners: Type.Array(PersonRef),
});
export type CandidateDetail = Static<typeof CandidateDetail>;
