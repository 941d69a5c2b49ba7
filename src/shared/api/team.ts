import { Type, type Static } from 'typebox';
import { Nullable } from './common';

const Text = Nullable(Type.String());

/** What the public /team page shows of a member. */
export const PublicTeamMember = Type.Object({ id: Type.String(), name: Type.String(), role: Type.String(), bio: Text, avatarUrl: Text });
export type PublicTeamMember = Static<typeof PublicTeamMember>;

export const PublicTeam = Type.Object({ members: Type.Array(PublicTeamMember) });
export type PublicTeam = Static<typeof PublicTeam>;

/** A member as the admin screen edits it. */
export const TeamMember = Type.Object({
  ...PublicTeamMember.properties,
  avatarUploadId: Text,
  sortOrder: Type.Integer(),
  visible: Type.Boolean(),
  createdAt: Type.String(),
});
export type TeamMember = Static<typeof TeamMember>;

export const TeamList = Type.Object({ members: Type.Array(TeamMember) });
export type TeamList = Static<typeof TeamList>;

export const TeamMemberReply = Type.Object({ member: TeamMember });
export type TeamMemberReply = Static<typeof TeamMemberReply>;

/** A change to a member: what is absent stays as it is (a new member needs a name and a role). */
export const TeamMemberChanges = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 100 })),
    role: Type.Optional(Type.String({ maxLength: 100 })),
    bio: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    avatarUploadId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
    visible: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type TeamMemberChanges = Static<typeof TeamMemberChanges>;

export const NewTeamMember = Type.Object(
  { ...TeamMemberChanges.properties, name: Type.String({ maxLength: 100 }), role: Type.String({ maxLength: 100 }) },
  { additionalProperties: false },
);
export type NewTeamMember = Static<typeof NewTeamMember>;

export const TeamOrder = Type.Object(
  { ids: Type.Array(Type.String({ format: 'uuid' }), { maxItems: 500, uniqueItems: true }) },
  { additionalProperties: false },
);
export type TeamOrder = Static<typeof TeamOrder>;
