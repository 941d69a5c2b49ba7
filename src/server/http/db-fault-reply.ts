import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbFault } from '../db/db-errors';
import { sendError } from './error-reply';

/** Seconds a client should wait before trying again. */
const RETRY_AFTER: Record<DbFault, number> = { 'disk-full': 60, unavailable: 10 };

const GENERIC = 'The service is briefly unavailable. Please try again in a minute.';

/** The message the form's own config shows when a submission fails (onError), if the request is a form's. */
function formFailureMessage(request: FastifyRequest): string | undefined {
  const formId = (request.params as { formId?: unknown } | undefined)?.formId;
  if (typeof formId !== 'string' || !request.routeOptions.url?.startsWith('/api/forms/')) return undefined;
  const onError = request.server.formCatalog?.forms.get(formId)?.definition.onError;
  if (!onError) return undefined;
  const text = [onError.toast, onError.panel, onError.popup, onError.modal, onError.banner].find((m) => m?.text)?.text;
  // The texts may name submitted values ({city}, {name}), as the browser fills them.
  const data = (request.body as { data?: Record<string, unknown> } | undefined)?.data ?? {};
  return text?.replace(/\{(\w+)\}/g, (whole, key: string) => (typeof data[key] === 'string' ? (data[key] as string) : whole));
}

/**
 * A request the database could not serve through no fault of its own (disk full, server away): 503 with Retry-After
 * instead of a 500, one log line per episode naming where, and /readyz reports it until it clears.
 */
export function replyDbFault(request: FastifyRequest, reply: FastifyReply, fault: DbFault, error: Error) {
  const status = request.server.dbStatus;
  const where = (error as { path?: string }).path ?? status.location;
  if (status.note(fault, where)) {
    request.log.error(
      fault === 'disk-full'
        ? `disk full: cannot write to ${where} (${error.message}); answering 503 until space is freed`
        : `database unavailable: ${status.location} (${error.message}); answering 503 until it is back`,
    );
  }
  return sendError(reply.header('retry-after', String(RETRY_AFTER[fault])), 503, formFailureMessage(request) ?? GENERIC);
}
