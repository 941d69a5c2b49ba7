import { Link } from 'react-router-dom';
import { formatDate } from '../../shared/india-time';
import type { PublicPost } from '../../shared/api/blogs';

/** One published post in the list: cover, title, date, summary and a way in. */
export function BlogCard({ post }: { post: PublicPost }) {
  const to = `/blogs/${post.slug}`;
  return (
    <article className="blog-card">
      <Link to={to} className="blog-card-cover" tabIndex={-1} aria-hidden="true">
        {post.coverUrl ? (
          // The cover box is 16:9 (portal-blogs.css): the size says so before the file arrives.
          <img src={post.coverUrl} alt="" loading="lazy" width={1600} height={900} />
        ) : (
          <span className="blog-card-placeholder">{post.title.slice(0, 1)}</span>
        )}
      </Link>
      <div className="blog-card-body">
        <p className="blog-meta">
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
          {post.author ? <span> · {post.author}</span> : null}
        </p>
        <h2>
          <Link to={to}>{post.title}</Link>
        </h2>
        {post.summary ? <p className="blog-card-summary">{post.summary}</p> : null}
        <Link to={to} className="blog-card-more" aria-label={`Read more: ${post.title}`}>
          Read more →
        </Link>
      </div>
    </article>
  );
}
