import type { Queryable } from '../db/database';
import { iso } from '../db/sql-values';
import { SqlParams } from '../db/sql-params';
import { keysetPage, type SortKey } from '../db/keyset';
import type { LeadFilters } from '../../shared/api/leads';
import { whereOf, type Viewer } from './lead-where';
import type { CsvLead } from './csv';

/** The export reads oldest first, as the file lists the leads. */
const OLDEST_FIRST: SortKey[] = [
  { sql: 's.created_at', direction: 'asc' },
  { sql: 's.id', direction: 'asc' },
];

/**
 * What the export covers: the filters, and only leads that existed when it started, so its columns (found first)
 * fit every row it writes and a stream of new leads cannot keep it going.
 */
export interface ExportScope {
  viewer: Viewer;
  filters: LeadFilters;
  startedAt: Date;
}

function exportWhere({ viewer, filters, startedAt }: ExportScope, p: SqlParams) {
  return `${whereOf(viewer, filters, p)} and s.created_at <= ${p.add(startedAt)}`;
}

/** A (form, set of fields) group: `keys` is data_keys as text, the same text from lead_counts and submissions. */
export interface FieldGroup {
  formId: string;
  keys: string;
}

const groupId = (group: FieldGroup) => `${group.formId}\u0000${group.keys}`;

/**
 * Every (form, set of fields) group that may occur in the export: the sets of fields (lead_field_sets) of the forms
 * that have leads under the filters lead_counts holds (scope, form, collection, city, status, assignee).
 */
async function candidateGroups(db: Queryable, { viewer, filters }: ExportScope): Promise<Set<string>> {
  const p = new SqlParams();
  const counted = { ...filters, q: undefined, from: undefined, to: undefined };
  const rows = await db.query<{ form_id: string; keys: string }>(
    `select f.form_id, f.data_keys::text as keys from lead_field_sets f
      where f.form_id in (select s.form_id from lead_counts s where s.n > 0 and ${whereOf(viewer, counted, p)})`,
    p.values,
  );
  return new Set(rows.map((row) => groupId({ formId: row.form_id, keys: row.keys })));
}

/** Leads read per query while looking for the groups; a few milliseconds each, even on PGlite. */
const GROUP_BATCH = 500;

/**
 * The export's (form, set of fields) groups in the order they first appear, oldest lead first. It reads two short
 * columns of the exported leads from the oldest on and stops once every candidate group has shown up: for a full
 * export, within the first leads. A filtered export whose leads lack some candidate reads those two columns of all
 * of its leads, a fraction of what writing them costs.
 * `between` runs between batches (the event loop's turn).
 */
export async function fieldGroups(db: Queryable, scope: ExportScope, between: () => Promise<void>): Promise<FieldGroup[]> {
  const candidates = await candidateGroups(db, scope);
  const found = new Map<string, FieldGroup>();
  let after: string | undefined;
  while (found.size < candidates.size) {
    const p = new SqlParams();
    const where = exportWhere(scope, p);
    const page = await keysetPage<{ form_id: string; keys: string }>(
      db,
      { select: 'select s.form_id, s.data_keys::text as keys from submissions s', where, params: p, order: OLDEST_FIRST },
      { after, pageSize: GROUP_BATCH },
    );
    for (const row of page.rows) {
      const group = { formId: row.form_id, keys: row.keys };
      if (!found.has(groupId(group))) found.set(groupId(group), group);
    }
    if (page.nextCursor === null) break;
    after = page.nextCursor;
    await between();
  }
  return [...found.values()];
}

type RawExportLead = {
  created_at: Date;
  form_id: string;
  collection: string;
  page: string;
  city: string | null;
  status: string;
  assignee: string | null;
  data: Record<string, unknown>;
};

/** One batch of the exported leads, oldest first, after a cursor; the cursor of the next batch, or null at the end. */
export async function exportBatch(db: Queryable, scope: ExportScope, after: string | undefined, size: number) {
  const p = new SqlParams();
  const where = exportWhere(scope, p);
  const page = await keysetPage<RawExportLead>(
    db,
    {
      select: `select s.created_at, s.form_id, s.collection, s.page, s.city, s.status, u.username as assignee, s.data
                 from submissions s left join users u on u.id = s.assigned_to`,
      where,
      params: p,
      order: OLDEST_FIRST,
    },
    { after, pageSize: size },
  );
  const leads: CsvLead[] = page.rows.map((row) => ({
    createdAt: iso(row.created_at),
    formId: row.form_id,
    collection: row.collection,
    page: row.page,
    city: row.city,
    status: row.status,
    assignee: row.assignee,
    data: row.data ?? {},
  }));
  return { leads, next: page.nextCursor };
}
