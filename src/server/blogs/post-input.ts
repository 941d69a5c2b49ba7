/** What an admin may write into a post, checked before anything is stored, with messages the editor shows. */

export const TITLE_MIN = 3;
export const TITLE_MAX = 160;
export const SUMMARY_MAX = 300;
export const MARKDOWN_MAX_BYTES = 100 * 1024;

export interface PostFields {
  title: string;
  summary: string | null;
  markdown: string;
  coverUploadId: string | null;
  published: boolean;
}

/** PostgreSQL text cannot hold NUL, and no one means to type one. */
const clean = (value: string) => value.replace(/\u0000/g, '');

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

/** The first thing wrong with a post as it would be stored, or undefined. */
export function problemWith(post: PostFields): string | undefined {
  const titleLength = [...post.title].length;
  if (titleLength < TITLE_MIN || titleLength > TITLE_MAX) return `The title must be between ${TITLE_MIN} and ${TITLE_MAX} characters.`;
  if (post.summary && [...post.summary].length > SUMMARY_MAX) return `The summary must be at most ${SUMMARY_MAX} characters.`;
  if (Buffer.byteLength(post.markdown, 'utf8') > MARKDOWN_MAX_BYTES) return 'The post is too long: at most 100 KB of Markdown.';
  if (post.published && !post.markdown.trim()) return 'Write the post before publishing it.';
  return undefined;
}
