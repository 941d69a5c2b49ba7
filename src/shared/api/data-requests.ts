import { Type, type Static } from 'typebox';
import { Nullable } from './common';

const DataRequestKind = Type.Union([Type.Literal('access'), Type.Literal('erasure'), Type.Literal('correction')]);

/** The longest answer an admin may mail to a correction (the person's own words are limited by the form). */
export const CORRECTION_MAX_LENGTH = 2000;

/**
 * What a person asks on /your-data: to see, erase or correct what is held about their address, and for a correction
 * what is wrong. The form pages/forms/data-request.json declares and checks it, in the browser and on the server.
 */
export interface DataRequestForm {
  kind: Static<typeof DataRequestKind>;
  /** An email address, or a mobile number (the link then goes by SMS). */
  contact: string;
  details?: string;
}

/** The token of a mailed confirmation link or of an export, and the export's format. Any text lands on a page. */
export const DataRequestLinkQuery = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 200 })),
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])),
});
export type DataRequestLinkQuery = Static<typeof DataRequestLinkQuery>;

/** How many records of each category a request found (access) or erased (erasure). */
export const DataRequestOutcome = Type.Record(Type.String(), Type.Integer());

/**
 * A request in the admins' queue: what and when. Personal data only on a confirmed correction not yet answered: the
 * address or number and the person's words, which the admin needs to find the records and make the change.
 */
export const DataRequestSummary = Type.Object({
  id: Type.String(),
  kind: DataRequestKind,
  status: Type.Union([
    Type.Literal('awaiting confirmation'),
    Type.Literal('link expired'),
    Type.Literal('awaiting an answer'),
    Type.Literal('completed'),
  ]),
  /** The person's email address or mobile number. */
  contact: Nullable(Type.String()),
  details: Nullable(Type.String()),
  createdAt: Type.String(),
  dueAt: Type.String(),
  confirmedAt: Nullable(Type.String()),
  completedAt: Nullable(Type.String()),
  outcome: Nullable(DataRequestOutcome),
});
export type DataRequestSummary = Static<typeof DataRequestSummary>;

/** The newest requests first (at most 200). */
export const DataRequestQueue = Type.Object({ items: Type.Array(DataRequestSummary) });
export type DataRequestQueue = Static<typeof DataRequestQueue>;

/** An admin's answer to a correction: done or declined, and the words mailed to the person. */
export const CorrectionAnswer = Type.Object({
  outcome: Type.Union([Type.Literal('corrected'), Type.Literal('declined')]),
  message: Type.String({ minLength: 1, maxLength: CORRECTION_MAX_LENGTH }),
});
export type CorrectionAnswer = Static<typeof CorrectionAnswer>;
