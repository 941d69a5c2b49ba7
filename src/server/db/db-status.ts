import type { DbFault } from './db-errors';

/** A fault is logged once, then again only if it is still happening after this long. */
const RELOG_MS = 60_000;

/** What the server has seen of its database lately: feeds /readyz and keeps a fault to one log line. */
export class DbStatus {
  /** The full path of the embedded database, or host:port/database of the PostgreSQL server. */
  constructor(readonly location: string) {}

  /** Set while the disk under the database is known full: the path, and when it was last seen full. */
  diskFull?: { path: string; seenAt: number };
  #lastLogged = new Map<DbFault, number>();

  /** Records a fault; true when it deserves a log line (the first in a while). */
  note(fault: DbFault, path: string, now = Date.now()): boolean {
    if (fault === 'disk-full') this.diskFull = { path, seenAt: now };
    const last = this.#lastLogged.get(fault);
    if (last !== undefined && now - last < RELOG_MS) return false;
    this.#lastLogged.set(fault, now);
    return true;
  }

  /** The database answers (and, for disk-full, has room again): the next fault is news worth a line. */
  clear(fault: DbFault) {
    if (fault === 'disk-full') this.diskFull = undefined;
    this.#lastLogged.delete(fault);
  }
}
