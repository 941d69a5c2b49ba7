import { Type, type Static } from 'typebox';
import { Nullable } from './common';
import { FieldError } from './error-body';
import type { LeadRouting } from '../generated/lead-routing';

/**
 * A routing document (schemas/lead-routing.json). Checked in full by the routes with `npm run validate`'s own rules,
 * so a refusal names each problem at its field rather than as a request that does not fit.
 */
const RoutingDocument = Type.Unsafe<LeadRouting>(Type.Record(Type.String(), Type.Unknown(), { maxProperties: 20 }));
const VersionId = Type.Integer({ minimum: 1 });

/** One saved version: who saved it when, with the note they gave. */
export const RoutingVersion = Type.Object({
  id: VersionId,
  savedBy: Type.String(),
  savedAt: Type.String(),
  note: Nullable(Type.String()),
});
export type RoutingVersion = Static<typeof RoutingVersion>;

/** What the editor offers to choose from: the real forms, collections, roles, people and cities. */
export const RoutingChoices = Type.Object({
  forms: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), collection: Type.String() })),
  collections: Type.Array(Type.String()),
  roles: Type.Array(Type.String()),
  /** Active BDEs and franchise BDEs, who a team may name. */
  people: Type.Array(Type.Object({ username: Type.String(), fullName: Type.String(), role: Type.String(), city: Nullable(Type.String()) })),
  /** The cities of the franchise pages and of the staff. */
  cities: Type.Array(Type.String()),
  visitorTypes: Type.Array(Type.String()),
});
export type RoutingChoices = Static<typeof RoutingChoices>;

/** The rules in force: the newest saved version (`version`), or pages/lead-routing.json while none was (null). */
export const RoutingInForce = Type.Object({
  document: RoutingDocument,
  version: Nullable(RoutingVersion),
  choices: RoutingChoices,
});
export type RoutingInForce = Static<typeof RoutingInForce>;

/** A new version, edited from the version in force when the editor opened (null: the file). */
export const SaveRouting = Type.Object(
  {
    document: RoutingDocument,
    basedOn: Nullable(VersionId),
    note: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type SaveRouting = Static<typeof SaveRouting>;

/** 409: someone saved since; the rules now in force come with it. */
export const RoutingConflict = Type.Object({ error: Type.String(), errors: Type.Array(FieldError), current: RoutingInForce });
export type RoutingConflict = Static<typeof RoutingConflict>;

/** Every saved version, newest first, each with its document for a restore; and the file, the rules of a fresh install. */
export const RoutingHistory = Type.Object({
  versions: Type.Array(Type.Object({ ...RoutingVersion.properties, document: RoutingDocument })),
  file: RoutingDocument,
});
export type RoutingHistory = Static<typeof RoutingHistory>;
