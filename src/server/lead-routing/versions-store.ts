import { isUniqueViolation } from '../db/db-errors';
import type { Queryable } from '../db/database';
import type { LeadRouting } from '../../shared/generated/lead-routing';

// The versions of the routing rules admins saved (migration 033): the newest routes new leads.

export interface RoutingVersionRow {
  id: string;
  data: LeadRouting;
  saved_by_name: string;
  saved_at: Date;
  note: string | null;
}

const COLUMNS = 'id, data, saved_by_name, saved_at, note';

/** The id of the newest version, or null while none was saved: what every process checks every few seconds. */
export async function newestVersionId(db: Queryable): Promise<number | null> {
  const [row] = await db.query<{ id: string | null }>('select max(id) as id from lead_routing_versions');
  return row?.id ? Number(row.id) : null;
}

export async function routingVersion(db: Queryable, id: number): Promise<RoutingVersionRow | undefined> {
  const [row] = await db.query<RoutingVersionRow>(`select ${COLUMNS} from lead_routing_versions where id = $1`, [id]);
  return row;
}

/** The newest versions, newest first. */
export async function routingHistory(db: Queryable, limit = 100): Promise<RoutingVersionRow[]> {
  return db.query<RoutingVersionRow>(`select ${COLUMNS} from lead_routing_versions order by id desc limit $1`, [limit]);
}

export interface NewRoutingVersion {
  data: LeadRouting;
  /** The newest version when the admin opened the rules; null for the file. */
  basedOn: number | null;
  savedBy: string;
  savedByName: string;
  note: string | null;
}

/**
 * Stores a version as the newest, unless another was saved since the one it was edited from: then nothing is stored
 * and the answer is 'conflict'. Of two saves from the same base, the unique index lets one in.
 */
export async function saveRoutingVersion(db: Queryable, version: NewRoutingVersion): Promise<RoutingVersionRow | 'conflict'> {
  try {
    const [row] = await db.query<RoutingVersionRow>(
      `insert into lead_routing_versions (data, based_on, saved_by, saved_by_name, note)
       select $1, $2, $3, $4, $5 where $2::bigint is not distinct from (select max(id) from lead_routing_versions)
       returning ${COLUMNS}`,
      [JSON.stringify(version.data), version.basedOn, version.savedBy, version.savedByName, version.note],
    );
    return row ?? 'conflict';
  } catch (error) {
    if (isUniqueViolation(error)) return 'conflict';
    throw error;
  }
}

/** The active people of some roles, who a team may name: by username, as the rules name them. */
export async function routingPeople(
  db: Queryable,
  roles: readonly string[],
): Promise<{ username: string; fullName: string; role: string; city: string | null }[]> {
  return db.query(
    `select username, coalesce(nullif(full_name, ''), username) as "fullName", role, city
       from users where active and role = any($1) order by username`,
    [roles],
  );
}
