/**
 * The staff roles of the portal, in one place for the browser and the server. A session's role comes from a cookie,
 * so the helpers take any string and answer false for one they do not know.
 */
export const ROLES = ['ADMIN', 'BDE', 'FBDE', 'RECRUITER', 'HIRING_MANAGER'] as const;
export type Role = (typeof ROLES)[number];

/** Business development: they work leads assigned to them; an FBDE also their franchise city's. */
export const BDE_ROLES = ['BDE', 'FBDE'] as const satisfies readonly Role[];
/** The team that works leads and job requests: admins and business development. */
export const STAFF_ROLES = ['ADMIN', ...BDE_ROLES] as const satisfies readonly Role[];

type MaybeRole = string | null | undefined;

export const isRole = (role: MaybeRole): role is Role => (ROLES as readonly string[]).includes(role ?? '');
export const isAdmin = (role: MaybeRole) => role === 'ADMIN';
export const isBde = (role: MaybeRole) => (BDE_ROLES as readonly string[]).includes(role ?? '');
/** An FBDE works a franchise city, so their account carries one. */
export const isFranchiseBde = (role: MaybeRole) => role === 'FBDE';
export const isStaff = (role: MaybeRole) => (STAFF_ROLES as readonly string[]).includes(role ?? '');
