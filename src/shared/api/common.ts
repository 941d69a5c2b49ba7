import { Type, type Static, type TSchema } from 'typebox';

/** A value or null: how the API answers a field that may be empty. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** `/:id` of a row: a UUID. */
export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type IdParams = Static<typeof IdParams>;

/** `/:id` where a malformed id answers 404 like an unknown one (links to jobs and posts get shared and mistyped). */
export const AnyIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export type AnyIdParams = Static<typeof AnyIdParams>;

/**
 * Keyset paging of a long list: `after` (or `before`) is a cursor a previous page gave, the first page has none.
 * Unlike page numbers, a cursor stays on the same rows while new ones arrive, and page 5,000 costs what page 1 does.
 */
export const CursorQuery = Type.Object({
  after: Type.Optional(Type.String({ maxLength: 1000, pattern: '^[A-Za-z0-9_-]+$' })),
  before: Type.Optional(Type.String({ maxLength: 1000, pattern: '^[A-Za-z0-9_-]+$' })),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type CursorQuery = Static<typeof CursorQuery>;

/**
 * Where a page of a long list stands: the cursors of the pages beside it (null at either end), and how many rows
 * match: exact up to the list's cap (10,000; 1,000 for the public job openings; 100 for a search), past that
 * `totalExact` is false and `total` is a lower bound.
 */
export const CursorPaged = Type.Object({
  nextCursor: Nullable(Type.String()),
  prevCursor: Nullable(Type.String()),
  total: Type.Integer(),
  totalExact: Type.Boolean(),
  pageSize: Type.Integer(),
});
export type CursorPaged = Static<typeof CursorPaged>;

/** An answer that only says it worked. */
export const Success = Type.Object({ success: Type.Boolean() });
export type Success = Static<typeof Success>;

/** The captcha's token, which the site's form view sends with every form it submits. */
export const CaptchaToken = Type.Optional(Type.String({ maxLength: 8192 }));

/**
 * A form as the site's form view sends it: the page it was filled on, the visitor's values by field name (at most
 * `maxFields`; the form's own rules check them) and the captcha's token.
 */
export const FormBody = <Page extends TSchema>(page: Page, maxFields: number) =>
  Type.Object(
    { page, data: Type.Record(Type.String(), Type.Unknown(), { maxProperties: maxFields }), captcha: CaptchaToken },
    { additionalProperties: false },
  );

/** 201: what was stored, by its id. */
export const Created = Type.Object({ id: Type.String() });
export type Created = Static<typeof Created>;
