/**
 * The staff roles of the portal, in one place for the browser and the server. A session's role comes from a cookie,
 * so the helpers take any string and answer false for one they do not know.
 */
export const ROLES = ['ADMIN', 'BDE', 'FBDE', 'RECRUITER', 'HIRING_MANAGER', 'MARKETING'] as const;
export type Role = (typeof ROLES)[number];

/** Each role by name, so code says `ROLE.RECRUITER` rather than a string a typo could break. */
export const ROLE = Object.fromEntries(ROLES.map((role) => [role, role])) as { readonly [R in Role]: R };

/** Access rule of the admin screens and their APIs. */
export const ADMIN_ROLES = ['ADMIN'] as const satisfies readonly Role[];

/** Who edits and publishes the marketing pages in the browser (/admin/pages); MARKETING may use nothing else. */
export const PAGE_EDITOR_ROLES = ['ADMIN', 'MARKETING'] as const satisfies readonly Role[];
/** Everyone who uses the job board: every role but MARKETING, whose accounts reach only the page editor. */
export const JOB_BOARD_ROLES = ['ADMIN', 'BDE', 'FBDE', 'RECRUITER', 'HIRING_MANAGER'] as const satisfies readonly Role[];

/** Who files complaints and follows them in "My complaints": everyone but admins, who handle them, and marketing. */
export const COMPLAINANT_ROLES = ['BDE', 'FBDE', 'RECRUITER', 'HIRING_MANAGER'] as const satisfies readonly Role[];

/** Business development: they work leads assigned to them; an FBDE also their franchise city's. */
export const BDE_ROLES = ['BDE', 'FBDE'] as const satisfies readonly Role[];
/** The team that works leads and job requests: admins and business development. */
export const STAFF_ROLES = ['ADMIN', ...BDE_ROLES] as const satisfies readonly Role[];

type MaybeRole = string | null | undefined;

export const isRole = (role: MaybeRole): role is Role => (ROLES as readonly string[]).includes(role ?? '');
/** Whether a role is one of `roles`: what an access rule of the API asks. */
export const roleIn = (role: MaybeRole, roles: readonly Role[]) => isRole(role) && roles.includes(role);
export const isAdmin = (role: MaybeRole) => role === 'ADMIN';
export const isMarketing = (role: MaybeRole) => role === 'MARKETING';
export const isBde = (role: MaybeRole) => roleIn(role, BDE_ROLES);
/** An FBDE works a franchise city, so their account carries one. */
export const isFranchiseBde = (role: MaybeRole) => role === 'FBDE';
export const isStaff = (role: MaybeRole) => roleIn(role, STAFF_ROLES);
