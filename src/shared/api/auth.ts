import { Type, type Static } from 'typebox';
import { Nullable } from './common';

/** Who is signed in, as the login and /api/auth/me answer it. */
export const SessionUser = Type.Object({
  id: Type.String(),
  username: Type.String(),
  fullName: Nullable(Type.String()),
  email: Nullable(Type.String()),
  role: Type.String(),
  city: Nullable(Type.String()),
});
export type SessionUser = Static<typeof SessionUser>;

export const LoginBody = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 60 }), password: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

/** The answer of POST /api/auth/login and GET /api/auth/me. */
export const SessionReply = Type.Object({ user: SessionUser });
export type SessionReply = Static<typeof SessionReply>;
