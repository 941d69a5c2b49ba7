import { COMPLAINANT_ROLES, isAdmin, isBde, isMarketing, roleIn } from './roles';
import type { Session } from './session';

export type NavItem =
  | 'home'
  | 'toDo'
  | 'dashboard'
  | 'pages'
  | 'pressRelease'
  | 'jobs'
  | 'services'
  | 'company'
  | 'jobOpenings'
  | 'login'
  | 'applyAsRecruiter'
  | 'freeJobPosting'
  | 'complaint'
  | 'logout';

/** Which navigation items a session sees, in the order the bar shows them (spec section 2, Navigation bar). */
export function visibleNavItems(session: Session): NavItem[] {
  const { loggedIn, role } = session;
  const items: NavItem[] = ['home'];
  // A BDE's or FBDE's To do list and its count: where their day starts (a difference from the spec, docs/spec-differences.md).
  if (loggedIn && isBde(role)) items.push('toDo');
  // Every role keeps a way back to where it starts: an admin's dashboard, a marketing account's pages (a BDE's is To
  // do, a recruiter's Jobs).
  if (loggedIn && isAdmin(role)) items.push('dashboard');
  if (loggedIn && isMarketing(role)) items.push('pages');
  if (!loggedIn) items.push('services', 'company');
  items.push('pressRelease');
  // Marketing accounts reach only the page editor, where they land after logging in.
  if (loggedIn && !isMarketing(role)) items.push('jobs');
  if (!loggedIn) items.push('jobOpenings');
  if (!isBde(role)) items.push('freeJobPosting');
  if (!loggedIn) items.push('applyAsRecruiter', 'login');
  if (loggedIn && roleIn(role, COMPLAINANT_ROLES)) items.push('complaint');
  if (loggedIn) items.push('logout');
  return items;
}
