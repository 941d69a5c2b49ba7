import type { SqlParams } from '../db/sql-params';
import { indexed, quickly } from '../lists/list-page';
import type { LeadFilters } from '../../shared/api/leads';
import { isAdmin, isBde, isFranchiseBde } from '../../shared/roles';
import { searchTextOf } from '../../shared/phone';
import { referenceIn } from '../../shared/lead-search';

/** Who is looking: ADMIN sees every lead, a BDE those assigned to them, an FBDE those plus their city's. */
export interface Viewer {
  id: string;
  role: string;
  city: string | null;
}

const istMidnight = (day: string, addDays = 0) => new Date(Date.parse(`${day}T00:00:00+05:30`) + addDays * 86_400_000);

/**
 * The leads a viewer may see, over the columns `s.assigned_to` and `s.city`: those of submissions and of lead_counts
 * alike. Each branch has an index that starts with its column (assigned_to, lower(city)).
 */
export function scopeOf(viewer: Viewer, p: SqlParams): string {
  if (isAdmin(viewer.role)) return 'true';
  if (!isBde(viewer.role)) return 'false';
  const mine = `s.assigned_to = ${p.add(viewer.id)}`;
  return isFranchiseBde(viewer.role) && viewer.city ? `(${mine} or lower(s.city) = lower(${p.add(viewer.city)}::text))` : mine;
}

/** The search text as it is looked up (a phone number in E.164, as stored), or undefined for no search. */
export function searchOf(filters: LeadFilters): string | undefined {
  const typed = filters.q?.trim();
  return typed ? searchTextOf(typed) : undefined;
}

/** The reference a search names (HF-2026-000123), found through its own unique index rather than searched for. */
export function referenceSearched(filters: LeadFilters): string | null {
  const q = searchOf(filters);
  return q ? referenceIn(q) : null;
}

/** `s.search_text` (migration 007: the values a visitor typed, lower-cased) contains the text, as a list's search. */
function containsText(q: string, p: SqlParams): string {
  const search = { column: 's.search_text', texts: [q], field: 'q' };
  return `${quickly(search, p)} and ${indexed(search, p)}`;
}

/** The filters over submissions `s` (not the viewer's scope), each served by an index in the list's order. */
export function filterClauses(viewer: Viewer, filters: LeadFilters, p: SqlParams): string[] {
  const clauses: string[] = [];
  if (filters.form) clauses.push(`s.form_id = ${p.add(filters.form)}`);
  if (filters.collection) clauses.push(`s.collection = ${p.add(filters.collection)}`);
  if (filters.excludeCollection) clauses.push(`s.collection <> ${p.add(filters.excludeCollection)}`);
  // The index holds lower(city), as an FBDE's scope compares it: a city matches without regard to case.
  if (filters.city) clauses.push(`lower(s.city) = lower(${p.add(filters.city)}::text)`);
  // Sources are stored lower-case (migration 027), so the plain index on source serves the filter.
  if (filters.source) clauses.push(`s.source = lower(${p.add(filters.source)}::text)`);
  if (filters.status) clauses.push(`s.status = ${p.add(filters.status)}`);
  if (filters.assigned === 'none') clauses.push('s.assigned_to is null');
  else if (filters.assigned) clauses.push(`s.assigned_to = ${p.add(filters.assigned === 'me' ? viewer.id : filters.assigned)}`);
  const q = searchOf(filters);
  const reference = referenceSearched(filters);
  if (reference) clauses.push(`s.reference = ${p.add(reference)}`);
  else if (q) clauses.push(containsText(q, p));
  if (filters.from) clauses.push(`s.created_at >= ${p.add(istMidnight(filters.from))}`);
  if (filters.to) clauses.push(`s.created_at < ${p.add(istMidnight(filters.to, 1))}`);
  return clauses;
}

/**
 * The viewer's scope and the filters over submissions `s`, each served by an index in the list's order: form,
 * collection, status, assignee, lower(city), source, created_at, and the trigram index for a search.
 */
export const whereOf = (viewer: Viewer, filters: LeadFilters, p: SqlParams) =>
  [scopeOf(viewer, p), ...filterClauses(viewer, filters, p)].join(' and ');
