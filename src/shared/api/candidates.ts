import { Type, type Static } from 'typebox';
import { CursorPaged, CursorQuery, Nullable } from './common';
import { SubmissionFields } from './leads';

const Text = Nullable(Type.String());

/** A city registration, or a student from a city lead form. */
export const Candidate = Type.Object({
  ...SubmissionFields,
  status: Type.String(),
  name: Text,
  email: Text,
  phone: Text,
  /** What they said they are: student, graduate, jobseeker ... (role on registrations, type on the others). */
  role: Text,
  experience: Text,
  skills: Text,
  industry: Text,
  description: Text,
  resume: Nullable(Type.Object({ name: Type.String(), size: Type.Integer() })),
});
export type Candidate = Static<typeof Candidate>;

/** Newest first; `search` matches any value the candidate typed. */
export const CandidateQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 100 })),
    city: Type.Optional(Type.String({ maxLength: 80 })),
    ...CursorQuery.properties,
  },
  { additionalProperties: false },
);
export type CandidateQuery = Static<typeof CandidateQuery>;

export const CandidateList = Type.Object({
  candidates: Type.Array(Candidate),
  ...CursorPaged.properties,
  cities: Type.Array(Type.String()),
});
export type CandidateList = Static<typeof CandidateList>;
