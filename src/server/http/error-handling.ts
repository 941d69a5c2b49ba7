import fp from 'fastify-plugin';
import fastifySensible from '@fastify/sensible';
import type { FastifyError } from 'fastify';
import { dbFaultOf } from '../db/db-errors';
import { replyDbFault } from './db-fault-reply';
import { FieldErrors, sendError } from './error-reply';
import { describeViolation, type SchemaViolation } from './validation-messages';

const SERVER_FAULT = 'Something went wrong on our side. Please try again.';

/**
 * Every error of the API answers in one shape, `{ error, errors: [{ field, message }] }`, whatever raised it: a route
 * schema, a route's own check (FieldErrors, or @fastify/sensible's httpErrors), the rate limiter, the database.
 */
export default fp(
  async (app) => {
    await app.register(fastifySensible);
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation) {
        const errors = error.validation.map((violation) => describeViolation(violation as SchemaViolation));
        return sendError(reply, 400, errors[0]?.message ?? 'Invalid request', errors);
      }
      if (error instanceof FieldErrors) return sendError(reply, error.statusCode, error.message, error.errors);
      // A full disk or a lost database server is temporary: 503 with Retry-After, not a 500.
      const fault = dbFaultOf(error);
      if (fault) return replyDbFault(request, reply, fault, error);
      const status = error.statusCode ?? 500;
      if (status < 500) return sendError(reply, status, error.message);
      request.log.error(error);
      return sendError(reply, status, SERVER_FAULT);
    });
    app.setNotFoundHandler((request, reply) => sendError(reply, 404, `There is no ${request.method} ${request.url.split('?')[0]} here.`));
  },
  // A database fault answers 503 and is noted in the database's status (db-fault-reply.ts).
  { name: 'error-handling', dependencies: ['database'] },
);
