import { queryOne, type Database, type Queryable } from '../db/database';
import { iso } from '../db/sql-values';
import type { NewTeamMember, PublicTeamMember, TeamMember, TeamMemberChanges } from '../../shared/api/team';

interface MemberRow {
  id: string;
  name: string;
  role: string;
  bio: string | null;
  avatar_upload_id: string | null;
  sort_order: number;
  visible: boolean;
  created_at: Date;
}

// The upload id in the address: a new avatar is a new URL, so caches never show the old one.
const avatarUrl = (base: string, row: MemberRow) =>
  row.avatar_upload_id ? `${base}/${row.id}/avatar?v=${row.avatar_upload_id.slice(0, 8)}` : null;

/** What the public /team page shows of a member. */
const toPublicMember = (row: MemberRow): PublicTeamMember => ({
  id: row.id,
  name: row.name,
  role: row.role,
  bio: row.bio,
  avatarUrl: avatarUrl('/api/team', row),
});

/** What the admin screen edits. */
const toMember = (row: MemberRow): TeamMember => ({
  id: row.id,
  name: row.name,
  role: row.role,
  bio: row.bio,
  avatarUploadId: row.avatar_upload_id,
  avatarUrl: avatarUrl('/api/admin/team', row),
  sortOrder: row.sort_order,
  visible: row.visible,
  createdAt: iso(row.created_at),
});

const order = 'order by sort_order, created_at, id';

export async function visibleTeam(db: Queryable) {
  const rows = await db.query<MemberRow>(`select * from team_members where visible ${order}`);
  return rows.map(toPublicMember);
}

export async function allTeam(db: Queryable) {
  return (await db.query<MemberRow>(`select * from team_members ${order}`)).map(toMember);
}

async function getMember(db: Queryable, id: string): Promise<TeamMember | undefined> {
  const [row] = await db.query<MemberRow>('select * from team_members where id = $1', [id]);
  return row && toMember(row);
}

/** Why a member cannot be saved like this, if anything. */
export async function memberProblem(db: Queryable, input: TeamMemberChanges, creating: boolean): Promise<string | undefined> {
  if ((creating || input.name !== undefined) && !input.name?.trim()) return 'Name is required';
  if ((creating || input.role !== undefined) && !input.role?.trim()) return 'Role is required';
  if (input.avatarUploadId) {
    const [upload] = await db.query(`select id from uploads where id = $1 and kind = 'avatar'`, [input.avatarUploadId]);
    if (!upload) return 'Please upload the photo again.';
  }
  return undefined;
}

export async function createMember(db: Queryable, input: NewTeamMember): Promise<TeamMember> {
  const row = await queryOne<MemberRow>(
    db,
    `insert into team_members (name, role, bio, avatar_upload_id, visible, sort_order)
     values ($1, $2, $3, $4, $5, (select coalesce(max(sort_order), -1) + 1 from team_members)) returning *`,
    [input.name.trim(), input.role.trim(), input.bio?.trim() || null, input.avatarUploadId ?? null, input.visible ?? true],
  );
  return toMember(row);
}

const columns = { name: 'name', role: 'role', bio: 'bio', avatarUploadId: 'avatar_upload_id', visible: 'visible' } as const;

export async function updateMember(db: Queryable, id: string, input: TeamMemberChanges): Promise<TeamMember | undefined> {
  const keys = (Object.keys(columns) as (keyof typeof columns)[]).filter((key) => input[key] !== undefined);
  // Names and roles are checked non-empty before; an emptied bio is no bio.
  const value = (key: keyof typeof columns) => {
    const v = input[key];
    return typeof v === 'string' ? v.trim() || null : v;
  };
  if (!keys.length) return getMember(db, id);
  const sets = keys.map((key, i) => `${columns[key]} = $${i + 2}`);
  const [row] = await db.query<MemberRow>(`update team_members set ${sets.join(', ')} where id = $1 returning *`, [id, ...keys.map(value)]);
  return row && toMember(row);
}

export async function deleteMember(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('delete from team_members where id = $1 returning id', [id])).length > 0;
}

/** Puts the members in the order given; members left out keep their place after them. */
export async function reorderTeam(db: Database, ids: string[]) {
  await db.transaction(async (tx) => {
    for (const [i, id] of ids.entries()) await tx.query('update team_members set sort_order = $2 where id = $1', [id, i]);
    await tx.query(`update team_members set sort_order = sort_order + $2 where not (id::text = any($1::text[]))`, [ids, ids.length]);
  });
}

/** The avatar upload of a member, for the public page only while the member is shown there. */
export async function avatarOf(db: Queryable, memberId: string, onlyVisible: boolean): Promise<string | undefined> {
  const [row] = await db.query<{ avatar_upload_id: string | null }>(
    `select avatar_upload_id from team_members where id = $1 and (visible or not $2)`,
    [memberId, onlyVisible],
  );
  return row?.avatar_upload_id ?? undefined;
}
