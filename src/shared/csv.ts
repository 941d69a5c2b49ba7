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

/** One record with its CRLF line end. */
export const csvLine = (values: unknown[]) => `${values.map(csvCell).join(',')}\r\n`;

/** The byte order mark that makes Excel read the file as UTF-8 (names in any script). */
export const CSV_BOM = '\uFEFF';
