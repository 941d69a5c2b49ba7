/** What fills the build's index.html: the head's tags and the page's HTML, in its language. */
export interface DocumentParts {
  head: string;
  body: string;
  /** `<html lang>`: the page's language tag (src/shared/locales.ts), en-IN unless told. */
  lang?: string;
  /** The language switcher, before the app's root so no render replaces it (src/server/site/page-languages.ts). */
  languageSwitch?: string;
}

/** The language index.html declares: every page's but those of another language. */
const TEMPLATE_LANG = '<html lang="en-IN">';

/** A document of the build's index.html declared in another language (its tag: hi-IN). */
export const inLanguage = (html: string, lang: string) => html.replace(TEMPLATE_LANG, () => `<html lang="${lang}">`);

/**
 * The build's index.html (dist/client/index.html) with a page's parts in place of its markers. Replacements are
 * functions, so a `$` in a page is never read as a replacement pattern.
 */
export function htmlDocument(template: string, { head, body, lang, languageSwitch = '' }: DocumentParts): string {
  const html = lang ? inLanguage(template, lang) : template;
  return html
    .replace('<!--app-head-->', () => head)
    .replace('<!--locale-switch-->', () => languageSwitch)
    .replace('<!--app-html-->', () => body);
}
