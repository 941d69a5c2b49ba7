import { Markdown } from '../../ui/markdown';
import { formatDate } from '../../shared/india-time';

interface BlogArticleProps {
  title: string;
  markdown: string;
  publishedAt: string | null;
  author: string | null;
  coverUrl: string | null;
  /** In the editor's preview the post's title ranks under the screen's own h1. */
  preview?: boolean;
}

/** A post as readers see it; the editor's preview shows the same. Every field is text or sanitised Markdown. */
export function BlogArticle({ title, markdown, publishedAt, author, coverUrl, preview = false }: BlogArticleProps) {
  const Title = preview ? 'h2' : 'h1';
  return (
    <article className="blog-article">
      <header className="blog-article-header">
        <Title>{title || 'Untitled post'}</Title>
        <p className="blog-meta">
          {publishedAt ? <time dateTime={publishedAt}>{formatDate(publishedAt)}</time> : <span>Not published yet</span>}
          {author ? <span> · By {author}</span> : null}
        </p>
      </header>
      {coverUrl ? <img className="blog-article-cover" src={coverUrl} alt="" width={1600} height={900} /> : null}
      <Markdown className="blog-article-body">{markdown}</Markdown>
    </article>
  );
}
