/** What fills the build's index.html: the head's tags and the page's HTML. */
export interface DocumentParts {
  head: string;
  body: string;
}

/**
 * The build's index.html (dist/client/index.html) with a page's parts in place of its markers. Replacements are
 * functions, so a `$` in a page is never read as a replacement pattern.
 */
export function htmlDocument(template: string, { head, body }: DocumentParts): string {
  return template.replace('<!--app-head-->', () => head).replace('<!--app-html-->', () => body);
}
