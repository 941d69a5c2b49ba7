import { Type, type Static } from 'typebox';

/**
 * The token of a link mailed to a visitor (newsletter confirmation, unsubscribe or consent withdrawal). Any text is
 * taken so that a damaged link still lands on a page that says so, rather than on an error.
 */
export const ConsentLinkQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
export type ConsentLinkQuery = Static<typeof ConsentLinkQuery>;
