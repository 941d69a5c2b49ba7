import { Type, type Static } from 'typebox';

/** One problem with a request: the field it concerns ('' for the request as a whole) and the words to show. */
export const FieldError = Type.Object({ field: Type.String(), message: Type.String() });
export type FieldError = Static<typeof FieldError>;

/**
 * The body of every 4xx and 5xx answer of the API: `error` is the one message to show, `errors` says which fields it
 * concerns (a form shows each beside its field).
 */
export const ErrorBody = Type.Object({ error: Type.String(), errors: Type.Array(FieldError) });
export type ErrorBody = Static<typeof ErrorBody>;
