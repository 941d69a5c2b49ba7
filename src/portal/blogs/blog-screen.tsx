import { Link, useParams } from 'react-router-dom';
import { site } from '../../content/site';
import { QueryState } from '../../ui/portal-page';
import { BlogArticle } from './blog-article';
import { usePublishedPost } from './blog-queries';

/** /blogs/:blogTitle: one published post by its slug. */
export default function BlogScreen() {
  const { blogTitle = '' } = useParams();
  const loaded = usePublishedPost(blogTitle);
  const post = loaded.data;
  const missing = loaded.error?.status === 404;

  return (
    <section className="blog-page">
      <title>{`${post ? post.title : missing ? 'Post not found' : 'Blog'} | ${site.brand.name}`}</title>
      {/* The post's summary is what search results show under its title. */}
      {post?.summary ? <meta name="description" content={post.summary} /> : null}
      <div className="container blog-post-container">
        <nav aria-label="Breadcrumb" className="portal-trail">
          <Link to="/blogs">Blogs</Link> ›
        </nav>
        {missing ? (
          <div className="blog-not-found" role="status">
            <h1>We could not find this post</h1>
            <p>It may have been moved or taken down, or the address may be mistyped.</p>
            <Link className="button" to="/blogs">
              See all posts
            </Link>
          </div>
        ) : (
          <QueryState query={loaded} />
        )}
        {post ? <BlogArticle {...post} /> : null}
        {post ? (
          <p className="blog-back">
            <Link to="/blogs">← All posts</Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}
