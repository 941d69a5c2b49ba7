import {
  BDE_ROLES,
  COMPLAINANT_ROLES,
  JOB_BOARD_ROLES,
  PAGE_EDITOR_ROLES,
  STAFF_ROLES,
  isAdmin,
  isBde,
  isMarketing,
  type Role,
} from './roles.ts';
import { JOB_LOCALES } from './job-locales.ts';
import { localizedRoute, type Locale } from './locales.ts';

/**
 * Routes the React app renders itself (not from pages/): the one table of them. The browser router and its guards
 * read it, and so does the server, which sends the app shell for these paths and 404 for paths that match nothing.
 * Each path's screen is in src/app/app-screens.ts, which the type checker holds to exactly these paths.
 */
export interface AppRoute {
  path: string;
  /** Needs the jwt_token cookie; without it the visitor is sent to /, or signs in here when signInInPlace. */
  protected: boolean;
  /** A protected route the spec lists as an address of the site: a visitor sees the sign-in form and stays. */
  signInInPlace?: boolean;
  /** The roles that may open it (the server enforces the same on its API); absent, any logged-in user. */
  roles?: readonly Role[];
  title: string;
  /**
   * The languages besides English a visitor's route is shown in, each at its path under the language's prefix
   * (/hi/job-openings); the route in each language carries the same list, its switcher's.
   */
  locales?: readonly Locale[];
  /** A route in another language: the English route whose screen it shows. */
  screen?: AppPath;
}

const ADMIN = ['ADMIN'] as const satisfies readonly Role[];

const table = [
  { path: '/login', protected: false, title: 'Login' },
  { path: '/blogs', protected: false, title: 'Blogs' },
  { path: '/blogs/:blogTitle', protected: false, title: 'Blog' },
  { path: '/add-blog', protected: true, signInInPlace: true, roles: ADMIN, title: 'Add Blog' },
  { path: '/view-forms', protected: true, signInInPlace: true, roles: ADMIN, title: 'Submitted Forms' },
  { path: '/job-openings', protected: false, title: 'Job Openings', locales: JOB_LOCALES },
  { path: '/job-openings/:id', protected: false, title: 'Job Opening', locales: JOB_LOCALES },
  { path: '/jobs', protected: true, roles: JOB_BOARD_ROLES, title: 'Jobs' },
  { path: '/jobs/:id', protected: true, roles: JOB_BOARD_ROLES, title: 'Job' },
  { path: '/jobs/:id/candidates/:candidateId', protected: true, roles: JOB_BOARD_ROLES, title: 'Candidate' },
  { path: '/job-request-details/:id', protected: true, roles: STAFF_ROLES, title: 'Job Request' },
  { path: '/bde-portal', protected: true, roles: BDE_ROLES, title: 'BDE Portal' },
  { path: '/admin', protected: true, roles: ADMIN, title: 'Admin' },
  { path: '/admin/users', protected: true, roles: ADMIN, title: 'Users' },
  { path: '/admin/candidates', protected: true, roles: ADMIN, title: 'Candidates' },
  { path: '/admin/recruiter-requests', protected: true, roles: ADMIN, title: 'Recruiter Requests' },
  { path: '/admin/recruiter-requests/:id', protected: true, roles: ADMIN, title: 'Recruiter Request' },
  { path: '/my-complaints', protected: true, roles: COMPLAINANT_ROLES, title: 'My complaints' },
  { path: '/admin/compliants', protected: true, roles: ADMIN, title: 'Complaints' },
  { path: '/admin/compliants/:id', protected: true, roles: ADMIN, title: 'Complaint' },
  { path: '/admin/team', protected: true, roles: ADMIN, title: 'Team' },
  { path: '/admin/pages', protected: true, roles: PAGE_EDITOR_ROLES, title: 'Pages' },
  { path: '/admin/data-requests', protected: true, roles: ADMIN, title: 'Data Requests' },
  { path: '/admin/lead-routing', protected: true, roles: ADMIN, title: 'Lead Routing' },
  { path: '/admin/placements', protected: true, roles: ADMIN, title: 'Placements' },
] as const satisfies readonly AppRoute[];

/** The path of an app route, as the router declares it. */
export type AppPath = (typeof table)[number]['path'];

/** Every route, then each shown in another language at its own path, with the English route's screen. */
export const appRoutes: readonly AppRoute[] = [
  ...table,
  ...(table as readonly AppRoute[]).flatMap((route) =>
    (route.locales ?? []).map((locale) => ({ ...route, path: localizedRoute(route.path, locale), screen: route.path as AppPath })),
  ),
];

/** The screen a route shows: its own, or the English route's for a route in another language. */
export const screenOf = (route: AppRoute): AppPath => route.screen ?? (route.path as AppPath);

/** Whether a session may open a route: the guard's rule, beside the route it guards. */
export function mayOpen(route: AppRoute, session: { loggedIn: boolean; role: string | null }): 'yes' | 'log-in' | 'forbidden' {
  if (!route.protected) return 'yes';
  if (!session.loggedIn) return 'log-in';
  if (route.roles && !(route.roles as readonly string[]).includes(session.role ?? '')) return 'forbidden';
  return 'yes';
}

/** The screen a visitor without a session sees on a protected route that allows it: the sign-in form, in place. */
export const SIGN_IN_SCREEN = '/login' satisfies AppPath;

/** The screen a signed-out visitor is shown at a route: its own, the sign-in form in place of it, or none (sent home). */
export function visitorScreen(route: AppRoute): AppPath | null {
  if (!route.protected) return screenOf(route);
  return route.signInInPlace ? SIGN_IN_SCREEN : null;
}

/** A screen for staff, not visitors: the sign-in form, and every route that needs a session. */
export const isStaffScreen = (route: AppRoute | undefined) => !!route && (route.protected || route.path === SIGN_IN_SCREEN);

/** Where each role starts its day after logging in. */
export function homePathFor(role: string | null): AppPath {
  if (isAdmin(role)) return '/admin';
  if (isBde(role)) return '/bde-portal';
  if (isMarketing(role)) return '/admin/pages';
  return '/jobs';
}
