import { DataDirInUseError } from './data-dir-lock';

/** A startup failure the operator can act on: main prints its message alone, without a stack. */
export class StartupError extends Error {
  override name = 'StartupError';
}

export const isStartupError = (error: unknown): error is Error => error instanceof StartupError || error instanceof DataDirInUseError;

/** What a failed query says about the database, beyond the one request. */
export type DbFault = 'disk-full' | 'unavailable';

const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

export function dbFaultOf(error: unknown): DbFault | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { code, message = '' } = error as { code?: unknown; message?: string };
  if (code === '53100' || code === 'ENOSPC' || /no space left on device/i.test(message)) return 'disk-full';
  if (error instanceof DatabaseUnavailableError) return 'unavailable';
  if (typeof code === 'string') {
    // 08: connection exception; 57P01-57P03: admin shutdown, crash shutdown, cannot connect now.
    if (code.startsWith('08') || /^57P0[123]$/.test(code) || connectionCodes.has(code)) return 'unavailable';
  }
  // node-postgres reports a connection lost mid-query without a code.
  if (
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed/i.test(
      message,
    )
  )
    return 'unavailable';
  return undefined;
}

/** The embedded database stopped (PGlite aborted) and is being reopened. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** PostgreSQL's unique_violation: someone else took the value between a check and the insert. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';
