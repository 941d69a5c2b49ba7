import type { Queryable } from '../db/database';

/** Records who did what, for the admin dashboard's recent activity. */
export async function recordActivity(
  db: Queryable,
  actorId: string | null,
  action: string,
  subject: { type: string; id: string },
  detail?: Record<string, unknown>,
) {
  await db.query('insert into activity (actor_id, action, subject_type, subject_id, detail) values ($1, $2, $3, $4, $5::jsonb)', [
    actorId,
    action,
    subject.type,
    subject.id,
    detail ? JSON.stringify(detail) : null,
  ]);
}
