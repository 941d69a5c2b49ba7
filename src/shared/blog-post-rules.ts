/** What a blog post may hold: the server refuses more, and the editor says so before saving, in the same words. */
const TITLE_MIN = 3;
export const TITLE_MAX = 160;
export const SUMMARY_MAX = 300;
const MARKDOWN_MAX_BYTES = 100 * 1024;

/** The size of Markdown as stored: UTF-8 bytes. */
export const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** The first thing wrong with a post as it would be saved, or undefined. Lengths count characters, not UTF-16 units. */
export function problemWithPost(post: { title: string; summary: string | null; markdown: string; publish: boolean }): string | undefined {
  const titleLength = [...post.title.trim()].length;
  if (titleLength < TITLE_MIN || titleLength > TITLE_MAX) return `The title must be between ${TITLE_MIN} and ${TITLE_MAX} characters.`;
  if ([...(post.summary ?? '').trim()].length > SUMMARY_MAX) return `The summary must be at most ${SUMMARY_MAX} characters.`;
  if (byteLength(post.markdown) > MARKDOWN_MAX_BYTES) return 'The post is too long: at most 100 KB of Markdown.';
  if (post.publish && !post.markdown.trim()) return 'Write the post before publishing it.';
  return undefined;
}
