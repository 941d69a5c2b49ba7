/** Timestamps as ISO strings, the same from PGlite and node-postgres; null stays null. */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null | undefined): string | null;
export function iso(value: Date | string | null | undefined): string | null {
  return value == null ? null : new Date(value).toISOString();
}

/** An `ilike` pattern matching text that contains `text`: `% _ \` typed into a search box are meant literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
