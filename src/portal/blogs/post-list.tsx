import { Link } from 'react-router-dom';
import { formatDateTime } from '../../shared/india-time';
import { DataTable } from '../../ui/data-table';
import { pagingOf, type PageCursor } from '../../ui/pagination';
import type { AdminPostPage } from '../../shared/api/blogs';

interface PostListProps {
  data: AdminPostPage;
  editingId: string | null;
  onEdit: (id: string) => void;
  onPage: (cursor: PageCursor) => void;
}

/** Every post, drafts first, to pick one to edit. */
export function PostList({ data, editingId, onEdit, onPage }: PostListProps) {
  return (
    <DataTable
      cards
      rows={data.posts}
      caption="All posts"
      empty={{ title: 'No posts yet', text: 'Posts you save, drafts or published, are listed here.' }}
      paging={pagingOf(data, onPage, 'posts')}
      rowProps={(post) => (post.id === editingId ? { 'aria-current': true, className: 'blog-row-current' } : {})}
      columns={[
        { cardTitle: true, header: 'Title', cell: (post) => post.title },
        {
          header: 'Status',
          cell: (post) => (
            <span className={`status-badge status-${post.status}`}>{post.status === 'published' ? 'Published' : 'Draft'}</span>
          ),
        },
        { header: 'Last change', cell: (post) => formatDateTime(post.updatedAt ?? post.createdAt) },
        {
          header: 'Actions',
          visuallyHidden: true,
          cell: (post) => (
            <div className="blog-row-actions">
              <button type="button" className="button button-light" onClick={() => onEdit(post.id)} aria-label={`Edit ${post.title}`}>
                Edit
              </button>
              {post.status === 'published' ? (
                <Link to={`/blogs/${post.slug}`} aria-label={`View ${post.title}`}>
                  View
                </Link>
              ) : null}
            </div>
          ),
        },
      ]}
    />
  );
}
