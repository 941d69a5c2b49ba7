import { Link } from 'react-router-dom';
import { site } from '../../content/site';
import { EmptyState, QueryState } from '../../ui/portal-page';
import { Pagination, pagingOf, type PageCursor } from '../../ui/pagination';
import { usePageCursor } from '../../ui/use-page-cursor';
import { useSession } from '../../lib/use-session';
import { BlogCard } from './blog-card';
import { usePublishedPosts } from './blog-queries';
import { isAdmin } from '../../shared/roles';

/** /blogs: published posts, newest first, a page at a time (the page's cursor is in the address, so Back works). */
export default function BlogsScreen() {
  const { cursor, setCursor } = usePageCursor();
  const posts = usePublishedPosts(cursor);
  const { data } = posts;
  const session = useSession();
  const admin = isAdmin(session.role);
  const firstPage = !cursor.after && !cursor.before;

  function goTo(next: PageCursor) {
    setCursor(next);
    window.scrollTo({ top: 0 });
  }

  return (
    <section className="blog-page">
      <title>{`Blogs | ${site.brand.name}`}</title>
      <meta name="description" content={`Hiring insights, career advice and news from the ${site.brand.name} team.`} />
      <div className="container">
        <header className="blog-page-header">
          <h1>Blogs</h1>
          <p>Hiring insights, career advice and news from our team.</p>
          {admin ? (
            <Link className="button button-light" to="/add-blog">
              Write a post
            </Link>
          ) : null}
        </header>
        <QueryState query={posts} />
        {data && data.posts.length === 0 ? (
          <EmptyState title="No posts yet">
            {!firstPage ? (
              <>
                There are no posts on this page. <Link to="/blogs">Back to the latest posts</Link>
              </>
            ) : (
              'Our first articles on hiring and careers are on their way. Check back soon.'
            )}
          </EmptyState>
        ) : null}
        {data && data.posts.length > 0 ? (
          <>
            <div className="blog-grid" aria-busy={posts.isFetching}>
              {data.posts.map((post) => (
                <BlogCard key={post.slug} post={post} />
              ))}
            </div>
            <Pagination {...pagingOf(data, goTo, 'posts')} />
          </>
        ) : null}
      </div>
    </section>
  );
}
