import { Type, type Static } from 'typebox';
import { CaptchaToken, CursorPaged, CursorQuery, Nullable } from './common';

/** The complaints API: filed by logged-in users from the complaint popup, handled by admins. */

export const COMPLAINT_STATUSES = ['open', 'in-progress', 'resolved'] as const;
export const ComplaintStatus = Type.Enum([...COMPLAINT_STATUSES]);
export type ComplaintStatus = Static<typeof ComplaintStatus>;

/** What the popup sends. Every field is optional here: the route checks them with the complaint form, in the popup's words. */
export const NewComplaint = Type.Object(
  {
    subject: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
    attachmentLink: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    captcha: CaptchaToken,
  },
  { additionalProperties: false },
);
export type NewComplaint = Static<typeof NewComplaint>;

const REFERENCE = /^\s*(cmp-\d{4}-\d{6,})\s*$/i;

/** The complaint reference a search text is (CMP-2026-000012, in any case); else null. */
export const complaintReferenceIn = (q: string) => REFERENCE.exec(q)?.[1]?.toUpperCase() ?? null;

/** The popup shows the message as it is, and the reference the complaint is known by. */
export const ComplaintFiled = Type.Object({ success: Type.String(), reference: Type.String() });
export type ComplaintFiled = Static<typeof ComplaintFiled>;

export const Complaint = Type.Object({
  id: Type.String(),
  reference: Type.String(),
  subject: Type.String(),
  message: Type.String(),
  status: ComplaintStatus,
  attachmentLink: Nullable(Type.String()),
  attachmentType: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Nullable(Type.String()),
  user: Type.Object({
    id: Type.String(),
    username: Type.String(),
    fullName: Nullable(Type.String()),
    email: Nullable(Type.String()),
    role: Type.String(),
  }),
});
export type Complaint = Static<typeof Complaint>;

/** The admin's complaints, newest first: of one status, and matching words of their subject or message. */
export const ComplaintQuery = Type.Object(
  { status: Type.Optional(ComplaintStatus), q: Type.Optional(Type.String({ maxLength: 100 })), ...CursorQuery.properties },
  { additionalProperties: false },
);
export type ComplaintQuery = Static<typeof ComplaintQuery>;

export const ComplaintList = Type.Object({
  complaints: Type.Array(Complaint),
  ...CursorPaged.properties,
  /** How many complaints stand at each status, whatever the filters. */
  counts: Type.Record(Type.String(), Type.Integer()),
});
export type ComplaintList = Static<typeof ComplaintList>;

export const ComplaintReply = Type.Object({ complaint: Complaint });
export type ComplaintReply = Static<typeof ComplaintReply>;

export const StatusChange = Type.Object({ status: ComplaintStatus }, { additionalProperties: false });
export type StatusChange = Static<typeof StatusChange>;

/** A complaint as its sender sees it in "My complaints". */
export const MyComplaint = Type.Object({
  reference: Type.String(),
  subject: Type.String(),
  status: ComplaintStatus,
  createdAt: Type.String(),
  /** When an admin last changed its status. */
  updatedAt: Nullable(Type.String()),
});
export type MyComplaint = Static<typeof MyComplaint>;

export const MyComplaintList = Type.Object({ complaints: Type.Array(MyComplaint) });
export type MyComplaintList = Static<typeof MyComplaintList>;
