import { Type, type Static } from 'typebox';
import { LEAD_STATUSES } from '../lead-statuses';
import { CursorPaged, CursorQuery, Nullable } from './common';

const Text = Nullable(Type.String());

/** An application from /apply-as-a-recruiter. */
export const RecruiterRequest = Type.Object({
  id: Type.String(),
  name: Text,
  email: Text,
  phone: Text,
  city: Text,
  experience: Text,
  specialisation: Text,
  linkedin: Text,
  message: Text,
  page: Type.String(),
  status: Type.String(),
  createdAt: Type.String(),
  updatedAt: Text,
});
export type RecruiterRequest = Static<typeof RecruiterRequest>;

/** Newest first, of one status; `search` matches any value the applicant typed. */
export const RecruiterRequestQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum([...LEAD_STATUSES])),
    search: Type.Optional(Type.String({ maxLength: 100 })),
    ...CursorQuery.properties,
  },
  { additionalProperties: false },
);
export type RecruiterRequestQuery = Static<typeof RecruiterRequestQuery>;

export const RecruiterRequestList = Type.Object({ requests: Type.Array(RecruiterRequest), ...CursorPaged.properties });
export type RecruiterRequestList = Static<typeof RecruiterRequestList>;

/** A request with the account its approval opened, if it was approved. */
export const RecruiterRequestDetail = Type.Object({
  ...RecruiterRequest.properties,
  account: Nullable(Type.Object({ id: Type.String(), username: Type.String(), approvedBy: Text, approvedAt: Type.String() })),
});
export type RecruiterRequestDetail = Static<typeof RecruiterRequestDetail>;

export const RecruiterRequestReply = Type.Object({ request: RecruiterRequestDetail });
export type RecruiterRequestReply = Static<typeof RecruiterRequestReply>;

export const ApproveBody = Type.Object({ username: Type.String({ maxLength: 40 }) }, { additionalProperties: false });
export type ApproveBody = Static<typeof ApproveBody>;

/** The RECRUITER account an approval opened, with its temporary password (shown this once). */
export const Approval = Type.Object({
  user: Type.Object({ id: Type.String(), username: Type.String(), role: Type.String(), email: Text }),
  temporaryPassword: Type.String(),
});
export type Approval = Static<typeof Approval>;
