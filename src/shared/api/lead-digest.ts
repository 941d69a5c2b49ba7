import { Type, type Static } from 'typebox';

/** Whether the signed-in BDE or FBDE gets the morning digest, and when it goes (India time, HH:mm). */
export const DigestSetting = Type.Object({ on: Type.Boolean(), time: Type.String() });
export type DigestSetting = Static<typeof DigestSetting>;

export const DigestChange = Type.Object({ on: Type.Boolean() }, { additionalProperties: false });
export type DigestChange = Static<typeof DigestChange>;
