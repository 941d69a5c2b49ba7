import type { Queryable } from '../db/database';
import { hashPassword } from './passwords';

export const ROLES = ['ADMIN', 'BDE', 'FBDE', 'RECRUITER', 'HIRING_MANAGER'] as const;
export type Role = (typeof ROLES)[number];

export interface NewUser {
  username: string;
  password: string;
  role: string;
  fullName?: string;
  email?: string;
  city?: string;
  hiringFor?: string;
  hmType?: string;
}

export async function createUser(db: Queryable, user: NewUser): Promise<{ id: string }> {
  const [row] = await db.query<{ id: string }>(
    `insert into users (username, password_hash, role, full_name, email, city, hiring_for, hm_type)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      user.username.toLowerCase(),
      await hashPassword(user.password),
      user.role,
      user.fullName ?? null,
      user.email ?? null,
      user.city ?? null,
      user.hiringFor ?? null,
      user.hmType ?? null,
    ],
  );
  return row;
}

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
