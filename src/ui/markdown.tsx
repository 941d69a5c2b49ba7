import { useMemo, type ReactNode } from 'react';
import { compiler, type MarkdownToJSX } from 'markdown-to-jsx/react';

/**
 * Markdown written in the portal (blog posts), rendered to React elements, never to an HTML string: React escapes
 * every text, so nothing a writer types becomes markup except what Markdown itself means. On top of that:
 * - raw HTML in the Markdown is shown as text (`disableParsingRawHTML`), so `<script>` or `<img onerror=…>` reads
 *   as those characters;
 * - links go only to http(s), mailto or this site, and open other sites with rel="noopener noreferrer";
 * - images load only from this site's API or https.
 * The same holds wherever it renders: in the browser and in react-dom/server.
 */

// Browsers drop C0 controls and spaces around a URL and tabs and newlines inside it, so "java\tscript:" runs.
// \p{Cc} is every C0 and C1 control (U+0000–U+001F, U+007F–U+009F).
const invisible = /[\p{Cc}\u0020\u00ad\u200b-\u200f\u2028\u2029\ufeff]/gu;
const schemeOf = (url: string) => /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();

/** A link's address if a reader may follow it: http(s), mailto, or a path, fragment or query on this site. */
export function safeHref(value: string | null | undefined): string | undefined {
  const url = (value ?? '').replace(invisible, '');
  if (!url) return undefined;
  const scheme = schemeOf(url);
  if (scheme === undefined) return url.startsWith('//') ? `https:${url}` : url;
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto' ? url : undefined;
}

/** An image's address if it may load: this site's API (covers and uploads) or https. */
export function safeImageSrc(value: string | null | undefined): string | undefined {
  const url = (value ?? '').replace(invisible, '');
  if (url.startsWith('/api/') && !url.includes('\\')) return url;
  return schemeOf(url) === 'https' ? url : undefined;
}

const isExternal = (href: string) => schemeOf(href) !== undefined;

function SafeLink({ href, title, children }: { href?: string; title?: string; children?: ReactNode }) {
  const safe = safeHref(href);
  // A refused link keeps its words, without the address.
  if (!safe) return <span className="markdown-link-removed">{children}</span>;
  return (
    <a href={safe} title={title} rel={isExternal(safe) ? 'noopener noreferrer' : undefined}>
      {children}
    </a>
  );
}

function SafeImage({ src, alt, title }: { src?: string; alt?: string; title?: string }) {
  const safe = safeImageSrc(src);
  if (!safe) return alt ? <span className="markdown-image-removed">{`[${alt}]`}</span> : null;
  return <img src={safe} alt={alt ?? ''} title={title} loading="lazy" decoding="async" referrerPolicy="no-referrer" />;
}

const options: MarkdownToJSX.Options = {
  disableParsingRawHTML: true,
  // The library checks addresses as well; ours is stricter and decides for links and images alike.
  sanitizer: (value, tag) => (tag === 'img' ? safeImageSrc(value) : safeHref(value)) ?? null,
  // Heading ids carry a prefix so a heading can never take the id of an element of the page around it.
  slugify: (input, defaultFn) => `md-${defaultFn(input)}`,
  overrides: { a: SafeLink, img: SafeImage },
  wrapper: null,
};

/** Renders Markdown to React elements (see the module comment for what is refused). */
function renderMarkdown(markdown: string): ReactNode {
  return compiler(markdown, options);
}

/** Markdown as React elements in a `<div className="markdown">`. */
export function Markdown({ children, className }: { children: string; className?: string }) {
  const rendered = useMemo(() => renderMarkdown(children), [children]);
  return <div className={className ? `markdown ${className}` : 'markdown'}>{rendered}</div>;
}
