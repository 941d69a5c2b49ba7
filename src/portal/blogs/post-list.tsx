import { Link } from 'react-router-dom';
import { formatDateTime } from '../../shared/india-time';
import { EmptyState } from '../../ui/portal-page';
import { Pagination } from '../../ui/pagination';
import type { AdminPostSummary, PostPage } from './blog-types';

interface PostListProps {
  data: PostPage<AdminPostSummary>;
  editingId: string | null;
  onEdit: (id: string) => void;
  onPage: (page: number) => void;
}

/** Every post, drafts first, to pick one to edit. */
export function PostList({ data, editingId, onEdit, onPage }: PostListProps) {
  if (data.total === 0) return <EmptyState title="No posts yet">Posts you save, drafts or published, are listed here.</EmptyState>;
  return (
    <>
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Status</th>
              <th scope="col">Last change</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.posts.map((post) => (
              <tr key={post.id} aria-current={post.id === editingId || undefined} className={post.id === editingId ? 'blog-row-current' : undefined}>
                <td>{post.title}</td>
                <td>
                  <span className={`status-badge status-${post.status}`}>{post.status === 'published' ? 'Published' : 'Draft'}</span>
                </td>
                <td>{formatDateTime(post.updatedAt ?? post.createdAt)}</td>
                <td className="blog-row-actions">
                  <button type="button" className="button button-light" onClick={() => onEdit(post.id)} aria-label={`Edit ${post.title}`}>
                    Edit
                  </button>
                  {post.status === 'published' ? (
                    <Link to={`/blogs/${post.slug}`} aria-label={`View ${post.title}`}>
                      View
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={onPage} />
    </>
  );
}
