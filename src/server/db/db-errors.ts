import { statfsSync } from 'node:fs';
import { DataDirInUseError } from './data-dir-lock';

/** A startup failure the operator can act on: main prints its message alone, without a stack. */
export class StartupError extends Error {
  override name = 'StartupError';
}

export const isStartupError = (error: unknown): error is Error => error instanceof StartupError || error instanceof DataDirInUseError;

/** Free space below this counts as a full disk whatever the failure said. */
const FULL_BELOW_BYTES = 1024 * 1024;

const mentionsNoSpace = (error: unknown) =>
  (error as { code?: string } | null)?.code === 'ENOSPC' || /no space left on device/i.test(String((error as Error)?.message ?? error));

/**
 * When the database in dir could not start because the disk under it is full (what failed says so, or almost
 * nothing is left), the one line that says so: the data are intact, and restoring or moving them away would
 * lose what was written since the last backup.
 */
export function diskFullAtStart(dir: string, failure: unknown): StartupError | undefined {
  let free: number | undefined;
  try {
    const fs = statfsSync(dir);
    free = fs.bavail * fs.bsize;
  } catch {
    free = undefined;
  }
  if (!mentionsNoSpace(failure) && (free === undefined || free >= FULL_BELOW_BYTES)) return undefined;
  const mb = free === undefined ? '?' : (free / 1024 / 1024).toFixed(1);
  return new StartupError(`The disk holding DATA_DIR is full (${mb} MB free): free space and start again. (${dir})`);
}

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
  // 57014: the statement ran past statement_timeout, the deadline every call has.
  if (code === '57014') return 'unavailable';
  // node-postgres reports a connection lost mid-query, or no answer by the deadline, without a code.
  if (
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Query read timeout/i.test(
      message,
    )
  )
    return 'unavailable';
  return undefined;
}

/** The embedded database stopped (PGlite aborted) and is being reopened, or did not answer by the deadline. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** PostgreSQL's unique_violation: someone else took the value between a check and the insert. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';
