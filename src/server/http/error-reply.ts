import type { FastifyReply } from 'fastify';
import type { ErrorBody, FieldError } from '../../shared/api/error-body';

/** The one error body: the message to show, and the fields it concerns (none: the request as a whole). */
export function errorBody(message: string, errors: FieldError[] = [{ field: '', message }]): ErrorBody {
  return { error: errors[0]?.message ?? message, errors };
}

/**
 * Sends an error in the one shape. Serialized here, so a route's response schema for its successes can never reshape
 * (or strip) an error body.
 */
export function sendError(reply: FastifyReply, status: number, message: string, errors?: FieldError[]) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(errorBody(message, errors)));
}

/** An error a route throws to answer with field messages, e.g. a 400 with a form's own texts. */
export class FieldErrors extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: FieldError[],
  ) {
    super(errors[0]?.message ?? 'The request was refused.');
  }
}
