import { Type, type Static } from 'typebox';
import { Nullable } from './common';

export const DATA_REQUEST_KINDS = ['access', 'erasure'] as const;

/** What a person asks on /your-data (a plain form post): to see or to erase what is held about their address. */
export const DataRequestForm = Type.Object({
  kind: Type.Union(DATA_REQUEST_KINDS.map((k) => Type.Literal(k))),
  email: Type.String({ format: 'email', maxLength: 254 }),
});
export type DataRequestForm = Static<typeof DataRequestForm>;

/** The token of a mailed confirmation link or of an export, and the export's format. Any text lands on a page. */
export const DataRequestLinkQuery = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 200 })),
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])),
});
export type DataRequestLinkQuery = Static<typeof DataRequestLinkQuery>;

/** How many records of each category a request found (access) or erased (erasure). */
export const DataRequestOutcome = Type.Record(Type.String(), Type.Integer());

/** A request in the admins' queue: no personal data, only what and when. */
export const DataRequestSummary = Type.Object({
  id: Type.String(),
  kind: Type.Union(DATA_REQUEST_KINDS.map((k) => Type.Literal(k))),
  status: Type.Union([Type.Literal('awaiting confirmation'), Type.Literal('link expired'), Type.Literal('completed')]),
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
