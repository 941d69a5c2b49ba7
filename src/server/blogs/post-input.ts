/** A post as an admin wrote it, cleaned before it is checked (src/shared/blog-post-rules.ts) and stored. */

export interface PostFields {
  title: string;
  summary: string | null;
  markdown: string;
  coverUploadId: string | null;
  published: boolean;
}

/** PostgreSQL text cannot hold NUL, and no one means to type one. */
const clean = (value: string) => value.replaceAll('\0', '');

export function cleanTitle(value: string): string {
  return clean(value).replace(/\s+/g, ' ').trim();
}

export function cleanSummary(value: string | null | undefined): string | null {
  const summary = value == null ? '' : clean(value).trim();
  return summary || null;
}

export function cleanMarkdown(value: string): string {
  return clean(value).replace(/\r\n?/g, '\n');
}
