import type { Queryable } from '../db/database';
import { SqlParams } from '../db/sql-params';
import { keysetPage, type SortKey } from '../db/keyset';
import type { LeadFilters } from '../../shared/api/leads';
import { whereOf, type Viewer } from './lead-where';
import type { CsvLead } from './csv';
import { staffName } from '../users/staff-name';

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
async function candidateGroups(db: Queryable, { viewer, filters }: ExportScope): Promise<FieldGroup[]> {
  const p = new SqlParams();
  const counted = { ...filters, q: undefined, from: undefined, to: undefined };
  const rows = await db.query<{ form_id: string; keys: string }>(
    `select f.form_id, f.data_keys::text as keys from lead_field_sets f
      where f.form_id in (select s.form_id from lead_counts s where ${whereOf(viewer, counted, p)} group by 1 having sum(s.n) > 0)`,
    p.values,
  );
  return rows.map((row) => ({ formId: row.form_id, keys: row.keys }));
}

/** The oldest leads read at once: most groups show up among them. */
const FIRST_BATCH = 500;

/** A lead's place in the export's order as text that sorts the same way: the time to the microsecond, then the id. */
const PLACE = `to_char(s.created_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS') || s.id::text`;

/**
 * The export's (form, set of fields) groups in the order they first appear, oldest lead first. The oldest 500
 * exported leads show most groups; each candidate still missing is then looked for on its own, its form's leads read
 * oldest first (the form's index) until one has its fields: a rare set of fields, one lead in some hundreds of its
 * form, costs some hundreds of rows, not a walk through every form's leads. A candidate no exported lead has costs
 * a read of its form's exported leads. `between` runs between statements (the event loop's turn).
 */
export async function fieldGroups(db: Queryable, scope: ExportScope, between: () => Promise<void>): Promise<FieldGroup[]> {
  const places = new Map<string, { group: FieldGroup; place: string }>();
  const note = (group: FieldGroup, place: string) => {
    const known = places.get(groupId(group));
    if (!known || place < known.place) places.set(groupId(group), { group, place });
  };
  const p = new SqlParams();
  const oldest = await db.query<{ form_id: string; keys: string; place: string }>(
    `select s.form_id, s.data_keys::text as keys, ${PLACE} as place from submissions s
      where ${exportWhere(scope, p)} order by s.created_at, s.id limit ${FIRST_BATCH}`,
    p.values,
  );
  for (const row of oldest) note({ formId: row.form_id, keys: row.keys }, row.place);
  const complete = oldest.length < FIRST_BATCH;
  for (const group of complete ? [] : await candidateGroups(db, scope)) {
    if (places.has(groupId(group))) continue;
    await between();
    const q = new SqlParams();
    const where = `${exportWhere(scope, q)} and s.form_id = ${q.add(group.formId)} and s.data_keys = ${q.add(group.keys)}::jsonb`;
    const [first] = await db.query<{ place: string }>(
      `select ${PLACE} as place from submissions s where ${where} order by s.created_at, s.id limit 1`,
      q.values,
    );
    if (first) note(group, first.place);
  }
  return [...places.values()].sort((a, b) => (a.place < b.place ? -1 : a.place > b.place ? 1 : 0)).map((entry) => entry.group);
}

/** A lead as the database gives it: the export's own row, with the two columns the cursor also reads. */
type RawExportLead = Omit<CsvLead, 'createdAt' | 'formId'> & { created_at: Date; form_id: string };

/** A lead's notes, oldest first, through their index on the lead (migration 027): one small read per exported lead. */
const NOTES = `(select jsonb_agg(jsonb_build_object('at', n.created_at, 'by', ${staffName('a')}, 'body', n.body)
                                 order by n.created_at, n.id)
            from submission_notes n join users a on a.id = n.author_id where n.submission_id = s.id)`;

/** One batch of the exported leads, oldest first, after a cursor; the cursor of the next batch, or null at the end. */
export async function exportBatch(db: Queryable, scope: ExportScope, after: string | undefined, size: number) {
  const p = new SqlParams();
  const where = exportWhere(scope, p);
  const page = await keysetPage<RawExportLead>(
    db,
    {
      select: `select s.created_at, s.form_id, s.collection, s.page, s.city, s.status,
                      ${staffName('u')} as assignee, s.source, s.data, s.attribution, ${NOTES} as notes
                 from submissions s left join users u on u.id = s.assigned_to`,
      where,
      params: p,
      order: OLDEST_FIRST,
    },
    { after, pageSize: size },
  );
  const leads: CsvLead[] = page.rows.map(({ created_at, form_id, ...lead }) => ({
    ...lead,
    createdAt: created_at,
    formId: form_id,
    data: lead.data ?? {},
  }));
  return { leads, next: page.nextCursor };
}
