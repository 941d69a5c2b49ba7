/** A plain-text opening of a post for its card when the author wrote no summary. Shown as text, never as HTML. */
export function excerptOf(markdown: string, maxLength = 200): string {
  const text = markdown
    .replace(/^(`{3,}|~{3,})[\s\S]*?^\1/gm, ' ') // fenced code
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ') // images
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links keep their text
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '') // heading, quote and list markers
    .replace(/[*_~`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= maxLength) return text;
  return `${text.slice(0, maxLength).replace(/\s+\S*$/, '')}…`;
}
