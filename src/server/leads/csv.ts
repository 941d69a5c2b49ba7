import type { FormDefinition } from '../../shared/generated/form-definition';
import type { Attribution, Touch } from '../../shared/api/forms';
import { UTM_KEYS } from '../../shared/attribution';
import { indiaTimestamp } from '../../shared/india-time';
import { orderedKeys } from './lead-fields';
import { csvLine } from '../../shared/csv';

/** The export's columns before the fields: who, where and from which source. */
export const LEAD_COLUMNS = ['created_at', 'form', 'collection', 'page', 'city', 'status', 'assigned to', 'source'];

/** What the visitor's browser kept of a visit, as columns, each after `first ` and `last `. */
const TOUCH_COLUMNS = [...UTM_KEYS, 'click ids', 'referrer', 'landing page', 'seen at'];

/** The export's columns after the fields: the first and latest visits, then the notes. */
export const TRAILING_COLUMNS = [
  ...TOUCH_COLUMNS.map((column) => `first ${column}`),
  ...TOUCH_COLUMNS.map((column) => `last ${column}`),
  'notes',
];

/** A note as the export reads it. */
export interface CsvNote {
  at: string;
  by: string;
  body: string;
}

/** A lead's row of the export, in the columns LEAD_COLUMNS, then `fields`, then TRAILING_COLUMNS. */
export interface CsvLead {
  createdAt: Date;
  formId: string;
  collection: string;
  page: string;
  city: string | null;
  status: string;
  /** The assignee's name (their username when they have none). */
  assignee: string | null;
  source: string | null;
  data: Record<string, unknown>;
  attribution: Attribution | null;
  notes: CsvNote[] | null;
}

const touchCells = (touch: Touch | undefined) =>
  touch
    ? [...UTM_KEYS.map((key) => touch[key]), touch.clickIds?.join(' '), touch.referrer, touch.landingPage, indiaTimestamp(touch.seenAt)]
    : TOUCH_COLUMNS.map(() => null);

/** Each note on a line of its own: when, who, what. */
const notesCell = (notes: CsvNote[] | null) => notes?.map((n) => `${indiaTimestamp(n.at)} ${n.by}: ${n.body}`).join('\n');

export const leadCsvLine = (lead: CsvLead, fields: string[]) =>
  csvLine([
    indiaTimestamp(lead.createdAt),
    lead.formId,
    lead.collection,
    lead.page,
    lead.city,
    lead.status,
    lead.assignee,
    lead.source,
    ...fields.map((key) => lead.data[key]),
    ...touchCells(lead.attribution?.first),
    ...touchCells(lead.attribution?.last),
    notesCell(lead.notes),
  ]);

/** A field named as one of the lead's own columns is that column (a form's city is the lead's city): listed once. */
const OWN_COLUMNS = new Set([...LEAD_COLUMNS, ...TRAILING_COLUMNS]);

/**
 * The export's field columns: every field an exported lead carries, in the order the fields first appear when the
 * leads are read oldest first, each lead's fields in its form's order. Leads of one form with the same set of fields
 * list the same keys, so the columns follow from each (form, set of fields) group in the order the groups first
 * appear, without reading every lead's data.
 */
export class CsvFields {
  readonly keys = new Set<string>();

  /** A group's fields as the database lists them (data_keys); their order is that of the lead's own JSON. */
  add(form: FormDefinition | undefined, fields: string[]) {
    for (const key of orderedKeys(form, Object.fromEntries(fields.map((field) => [field, true]))))
      if (!OWN_COLUMNS.has(key)) this.keys.add(key);
  }
}
