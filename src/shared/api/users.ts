import { Type, type Static } from 'typebox';
import { SessionUser } from './auth';
import { CursorPaged, CursorQuery, Nullable } from './common';

const optionalText = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));
/** A generated password, answered this once. */
const PasswordOnce = Type.Optional(Type.String({ description: 'A generated password, answered this once.' }));

/** A staff account as the admin's user list shows it. */
export const Account = Type.Object({
  ...SessionUser.properties,
  active: Type.Boolean(),
  /** The last day (YYYY-MM-DD, in India) the person is away: no lead is routed to them until the day after. */
  awayUntil: Nullable(Type.String()),
  createdAt: Type.String(),
  lastLoginAt: Nullable(Type.String()),
});
export type Account = Static<typeof Account>;

export const AccountQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 100 })),
    role: Type.Optional(Type.String({ pattern: '^[A-Z][A-Z_]{1,30}$' })),
    ...CursorQuery.properties,
  },
  { additionalProperties: false },
);
export type AccountQuery = Static<typeof AccountQuery>;

export const AccountList = Type.Object({ users: Type.Array(Account), ...CursorPaged.properties, roles: Type.Array(Type.String()) });
export type AccountList = Static<typeof AccountList>;

/** A new staff account; without a password the server generates one and answers it once. */
export const NewAccount = Type.Object(
  {
    username: Type.String({ maxLength: 40 }),
    role: Type.String({ maxLength: 31 }),
    fullName: optionalText(100),
    email: optionalText(254),
    city: optionalText(80),
    password: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type NewAccount = Static<typeof NewAccount>;

export const AccountCreated = Type.Object({ user: Account, temporaryPassword: PasswordOnce });
export type AccountCreated = Static<typeof AccountCreated>;

export const AccountChanges = Type.Object(
  {
    role: Type.Optional(Type.String({ maxLength: 31 })),
    active: Type.Optional(Type.Boolean()),
    fullName: optionalText(100),
    email: optionalText(254),
    city: optionalText(80),
    /** The last day away, or null once they are back. */
    awayUntil: Type.Optional(Nullable(Type.String({ format: 'date' }))),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type AccountChanges = Static<typeof AccountChanges>;

export const AccountReply = Type.Object({ user: Account });
export type AccountReply = Static<typeof AccountReply>;

/** A password the admin chose; without one the server generates one. */
export const PasswordBody = Nullable(
  Type.Object({ password: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false }),
);
export type PasswordBody = Static<typeof PasswordBody>;

export const PasswordReset = Type.Object({ success: Type.Boolean(), temporaryPassword: PasswordOnce });
export type PasswordReset = Static<typeof PasswordReset>;
