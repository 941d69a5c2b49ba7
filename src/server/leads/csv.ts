import type { FormDefinition } from '../../shared/generated/form-definition';
import { orderedKeys } from './lead-fields';
import type { LeadRow } from './store';

/**
 * One CSV cell. A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula, so
 * such text gets a leading apostrophe; then RFC 4180 quoting for commas, quotes and line breaks.
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : value instanceof Date
        ? value.toISOString()
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text with CRLF line ends; the byte order mark makes Excel read UTF-8 (names in any script). */
export function toCsv(rows: unknown[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The export of leads: who and where first, then every field any of their forms has, in the forms' order. */
export function leadsCsv(leads: LeadRow[], formOf: (formId: string) => FormDefinition | undefined): string {
  const dataKeys = [...new Set(leads.flatMap((lead) => orderedKeys(formOf(lead.formId), lead.data)))];
  const header = ['created_at', 'form', 'collection', 'page', 'city', 'status', 'assigned to', ...dataKeys];
  const rows = leads.map((lead) => [
    lead.createdAt,
    lead.formId,
    lead.collection,
    lead.page,
    lead.city,
    lead.status,
    lead.assignedTo?.username,
    ...dataKeys.map((key) => lead.data[key]),
  ]);
  return toCsv([header, ...rows]);
}
