/**
 * One CSV cell. A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula, so
 * such text gets a leading apostrophe; then RFC 4180 quoting for commas, quotes and line breaks.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text with CRLF line ends; the byte order mark makes Excel read UTF-8 (names in any script). */
export function toCsv(rows: unknown[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
