import type { SessionUser } from '../auth/store';
import { indiaDateOf } from '../../shared/india-time';
import { ROLE, isAdmin, isBde, isFranchiseBde } from '../../shared/roles';

/** A job stays open this long when the reviewer gives no date. */
export const DEFAULT_VALID_DAYS = 30;

/** Today's date where the company works (YYYY-MM-DD): a job valid through today is still open tonight in Pune. */
export const todayInKolkata = (now = new Date()): string => indiaDateOf(now);

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A real calendar date in YYYY-MM-DD (the schema checks the shape; 2026-02-30 is not a date). */
export function isCalendarDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Cities written two ways: either spelling finds the other's jobs. */
const CITY_ALIASES = [
  ['bengaluru', 'bangalore'],
  ['gurgaon', 'gurugram'],
  ['mumbai', 'bombay'],
  ['chennai', 'madras'],
  ['new delhi', 'delhi'],
];

const normal = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** One key per city, whatever its spelling: for comparing a user's city with a request's. */
function cityKey(city: string | null | undefined): string {
  if (!city) return '';
  const n = normal(city);
  return CITY_ALIASES.find((group) => group.includes(n))?.[0] ?? n;
}

/** What a job's location must contain one of: "pune" finds "Pune, Maharashtra"; "Gurgaon" finds "Gurugram". */
export function locationSpellings(location: string): string[] {
  const n = normal(location);
  return CITY_ALIASES.find((g) => g.includes(n)) ?? [n];
}

/** A job search as it is looked up: one space between words, whatever was typed. */
export const searchText = (q: string): string => normal(q);

/** What decides whether a BDE or FBDE works a lead: its assignee and its city (the form's location when unset). */
export interface ScopeFacts {
  assignedTo: string | null;
  city: string | null;
  /** Who published the job, for jobs. */
  createdBy?: string | null;
  /** The job's own location, for jobs. */
  location?: string | null;
}

type ScopeUser = Pick<SessionUser, 'id' | 'role' | 'city'>;

/**
 * The leads rule: an ADMIN works everything, a BDE what is assigned to them, an FBDE that and what is in their
 * franchise city. Whoever published a job keeps working it.
 */
export function staffInScope(user: ScopeUser, facts: ScopeFacts): boolean {
  if (isAdmin(user.role)) return true;
  if (!isBde(user.role)) return false;
  if (facts.assignedTo === user.id || (facts.createdBy && facts.createdBy === user.id)) return true;
  if (isFranchiseBde(user.role) && user.city) {
    const mine = cityKey(user.city);
    return cityKey(facts.city) === mine || cityKey(facts.location) === mine;
  }
  return false;
}

type JobUser = ScopeUser & Pick<SessionUser, 'hiringFor'>;

/**
 * Who may see the applicants of a job with their contact details: the staff who work it, the hiring manager of the
 * company it is for (users.hiring_for), and recruiters while it is open (they screen and call applicants).
 */
export function seesApplicants(user: JobUser, job: ScopeFacts & { companyName: string; status: string }): boolean {
  if (staffInScope(user, job)) return true;
  if (user.role === ROLE.HIRING_MANAGER) return sameCompany(user.hiringFor, job.companyName);
  if (user.role === ROLE.RECRUITER) return job.status === 'published';
  return false;
}

/** Who moves a job's candidates through its pipeline: the staff who work it, and recruiters while it is open. */
export function movesCandidates(user: JobUser, job: ScopeFacts & { status: string }): boolean {
  return staffInScope(user, job) || (user.role === ROLE.RECRUITER && job.status === 'published');
}

function sameCompany(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && normal(a) === normal(b);
}

/** Closed jobs and jobs past their valid-through date take no applications. */
export function isExpired(job: { status: string; validThrough: string | null }, today = todayInKolkata()): boolean {
  return job.status === 'closed' || (job.validThrough !== null && job.validThrough < today);
}
