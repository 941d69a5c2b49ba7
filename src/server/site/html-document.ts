/** What fills the build's index.html: the head's tags, the app's HTML, and data scripts the browser reads as JSON. */
export interface DocumentParts {
  head: string;
  body: string;
  /** `<script type="application/json">` elements by id; each text already made safe with jsonForScript. */
  data?: Record<string, string>;
}

/**
 * The build's index.html (dist/client/index.html) with a page's parts in place of its markers. Replacements are
 * functions, so a `$` in a page is never read as a replacement pattern.
 */
export function htmlDocument(template: string, { head, body, data = {} }: DocumentParts): string {
  const scripts = Object.entries(data).map(([id, json]) => `  <script type="application/json" id="${id}">${json}</script>\n  `);
  return template
    .replace('<!--app-head-->', () => head)
    .replace('<!--app-html-->', () => body)
    .replace('</body>', () => `${scripts.join('')}</body>`);
}
