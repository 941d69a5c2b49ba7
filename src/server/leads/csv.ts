import type { FormDefinition } from '../../shared/generated/form-definition';
import { orderedKeys } from './lead-fields';
import { csvLine } from '../../shared/csv';

/** The export's columns before the fields: who and where. */
export const LEAD_COLUMNS = ['created_at', 'form', 'collection', 'page', 'city', 'status', 'assigned to'];

/** A lead's row of the export, in the columns LEAD_COLUMNS then `fields`. */
export interface CsvLead {
  createdAt: string;
  formId: string;
  collection: string;
  page: string;
  city: string | null;
  status: string;
  assignee: string | null;
  data: Record<string, unknown>;
}

export const leadCsvLine = (lead: CsvLead, fields: string[]) =>
  csvLine([
    lead.createdAt,
    lead.formId,
    lead.collection,
    lead.page,
    lead.city,
    lead.status,
    lead.assignee,
    ...fields.map((key) => lead.data[key]),
  ]);

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
    for (const key of orderedKeys(form, Object.fromEntries(fields.map((field) => [field, true])))) this.keys.add(key);
  }
}
