import { DatabaseUnavailableError, StartupError } from './db-errors';

/** What the server asks of the PGlite worker thread; each request has an id its answer carries back. */
export type PgliteRequest =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** What the worker sends back: answers, its start, and log lines. */
export type PgliteReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SentError }
  | { started: true }
  | { failed: SentError }
  | { log: 'warn' | 'error'; message: string };

/** An error as it crosses threads: its class by name, its message, and the fields callers read (code, constraint …). */
export interface SentError {
  kind: 'startup' | 'unavailable' | 'other';
  message: string;
  fields: Record<string, string | number | boolean>;
}

export function sendError(error: unknown): SentError {
  const kind = error instanceof StartupError ? 'startup' : error instanceof DatabaseUnavailableError ? 'unavailable' : 'other';
  const fields: SentError['fields'] = {};
  if (error && typeof error === 'object')
    for (const [key, value] of Object.entries(error))
      if (['string', 'number', 'boolean'].includes(typeof value) && key !== 'stack') fields[key] = value as string | number | boolean;
  return { kind, message: (error as Error)?.message ?? String(error), fields };
}

export function receiveError({ kind, message, fields }: SentError): Error {
  const error =
    kind === 'startup' ? new StartupError(message) : kind === 'unavailable' ? new DatabaseUnavailableError(message) : new Error(message);
  return Object.assign(error, fields);
}
