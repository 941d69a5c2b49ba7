import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { Markdown, safeHref, safeImageSrc } from '../../src/ui/markdown';
import { BlogArticle } from '../../src/portal/blogs/blog-article';
import { BlogCard } from '../../src/portal/blogs/blog-card';
import { defined } from '../support/present';

const render = (markdown: string) => renderToString(<Markdown>{markdown}</Markdown>);

/** Every tag in React's output: text is escaped, so each literal "<" opens a real element. */
const tags = (html: string) => html.match(/<[a-z][^>]*>/gi) ?? [];
/** React quotes every attribute value with " and escapes any " inside it, so names are what sits outside quotes. */
const attributeNames = (tag: string) =>
  [...tag.replace(/^<[a-z0-9]+/i, '').matchAll(/\s*([^\s="/>]+)(?:="[^"]*")?/g)].map((m) =>
    defined(m[1], 'an attribute name').toLowerCase(),
  );
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]?.replace(/&amp;/g, '&');
const urls = (html: string) =>
  tags(html).flatMap((tag) => ['href', 'src'].map((name) => attribute(tag, name)).filter((value): value is string => value !== undefined));

/** What must never reach the page as markup, whatever a post holds. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<(iframe|object|embed|style|svg|math|form|base|meta)\b/i);
  for (const tag of tags(html))
    expect(
      attributeNames(tag).filter((name) => name.startsWith('on')),
      tag,
    ).toEqual([]);
  for (const url of urls(html)) {
    expect(url, url).not.toMatch(/^\s*(javascript|vbscript|data):/i);
    expect(url, url).toMatch(/^(https?:|mailto:|\/|#|[^:]*$)/i);
  }
}

const hostile = [
  '# Hello <script>alert(1)</script>',
  '',
  '<script>alert(2)</script>',
  '',
  '<img src=x onerror="alert(1)">',
  '',
  '<div onclick="alert(1)" style="position:fixed">click</div>',
  '',
  '<iframe src="https://evil.example"></iframe> <svg onload="alert(1)"></svg>',
  '',
  '[link](javascript:alert(1)) [upper](JaVaScRiPt:alert(1)) [tab](java\tscript:alert(1)) [entity](jav&#x61;script:alert(1))',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [vb](vbscript:msgbox) <javascript:alert(1)>',
  '',
  '![x](javascript:alert(1)) ![y](data:image/svg+xml,<svg onload=alert(1)>) ![z](http://insecure.example/a.png)',
  '',
  '[ref link][evil]',
  '',
  '[evil]: javascript:alert(1)',
  '',
  'Footnote[^n]',
  '',
  '[^n]: with [a link](javascript:alert(1))',
].join('\n');

describe('the Markdown renderer', () => {
  it('renders script tags, event handlers and javascript: links in a post as nothing but text', () => {
    const html = render(hostile);
    expectInert(html);
    // Raw HTML is shown as the characters the writer typed.
    expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    // A refused link keeps its words.
    expect(html).toMatch(/<span class="markdown-link-removed">link<\/span>/);
    expect(html).toContain('[x]');
  });

  it('renders ordinary Markdown as the expected elements', () => {
    const html = render(
      [
        '# Title',
        '',
        '## Section',
        '',
        'Some *emphasis*, **strong** text and `inline code`.',
        '',
        '- one',
        '- two',
        '',
        '1. first',
        '2. second',
        '',
        '> quoted',
        '',
        '[Our site](/job-openings) [Elsewhere](https://example.com/a?b=1&c=2) [Mail](mailto:hello@hireframe.in)',
        '',
        '![Cover](/api/blogs/x/cover) ![Photo](https://images.example/p.png)',
        '',
        '```ts',
        'const x = "<b>";',
        '```',
      ].join('\n'),
    );
    expectInert(html);
    expect(html).toMatch(/^<div class="markdown">/);
    expect(html).toMatch(/<h1 id="md-title">Title<\/h1>/);
    expect(html).toMatch(/<h2 id="md-section">Section<\/h2>/);
    expect(html).toContain('<em>emphasis</em>');
    expect(html).toContain('<strong>strong</strong>');
    expect(html).toContain('<code>inline code</code>');
    expect(html).toMatch(/<ul><li>one<\/li><li>two<\/li><\/ul>/);
    expect(html).toMatch(/<ol[^>]*><li>first<\/li><li>second<\/li><\/ol>/);
    expect(html).toMatch(/<blockquote>.*quoted.*<\/blockquote>/s);
    expect(html).toContain('<a href="/job-openings">Our site</a>');
    expect(html).toContain('<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">Elsewhere</a>');
    expect(html).toContain('<a href="mailto:hello@hireframe.in" rel="noopener noreferrer">Mail</a>');
    expect(html).toMatch(/<img src="\/api\/blogs\/x\/cover" alt="Cover"/);
    expect(html).toMatch(/<img src="https:\/\/images.example\/p.png" alt="Photo"/);
    expect(html).toMatch(/<pre><code[^>]*>const x = &quot;&lt;b&gt;&quot;;<\/code><\/pre>/);
  });

  it('allows http(s), mailto and same-site links, and images from the API or https only', () => {
    for (const ok of ['https://a.example', 'http://a.example', 'mailto:x@y.z', '/blogs', '#top', '?page=2', 'blogs/x'])
      expect(safeHref(ok)).toBe(ok);
    expect(safeHref('//a.example/x')).toBe('https://a.example/x');
    for (const bad of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'java\nscript:alert(1)',
      '\u0000javascript:x',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      '',
      undefined,
    ]) {
      expect(safeHref(bad), String(bad)).toBeUndefined();
    }
    expect(safeImageSrc('/api/blogs/a/cover')).toBe('/api/blogs/a/cover');
    expect(safeImageSrc('https://i.example/a.png')).toBe('https://i.example/a.png');
    for (const bad of [
      'http://i.example/a.png',
      'data:image/png;base64,x',
      '/uploads/a.png',
      '//i.example/a.png',
      'javascript:x',
      '/api\\..\\x',
    ]) {
      expect(safeImageSrc(bad), bad).toBeUndefined();
    }
  });
});

describe('blog screens', () => {
  const title = 'Hiring <script>alert(1)</script> <img src=x onerror="alert(1)">';
  const post = {
    slug: 'hiring',
    title,
    summary: title,
    publishedAt: '2026-11-21T08:00:00.000Z',
    author: title,
    coverUrl: '/api/blogs/hiring/cover?v=1',
  };

  it('show a hostile title, summary and author as text on the card and the post', () => {
    const html = renderToString(
      <MemoryRouter>
        <BlogCard post={post} />
        <BlogArticle {...post} markdown={hostile} />
      </MemoryRouter>,
    );
    expectInert(html);
    expect(html).toContain('Hiring &lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
