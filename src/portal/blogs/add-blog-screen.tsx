import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PortalPage, QueryState } from '../../ui/portal-page';
import { BlogEditor } from './blog-editor';
import { PostList } from './post-list';
import type { AdminPost } from '../../shared/api/blogs';
import type { PageCursor } from '../../ui/pagination';
import { useAllPosts, usePostToEdit } from './blog-queries';

/** /add-blog (ADMIN): write a post or edit one (?edit=<id>), save it as a draft or publish it; every post below. */
export default function AddBlogScreen() {
  const [params, setParams] = useSearchParams();
  const editId = params.get('edit');
  const [saved, setSaved] = useState<AdminPost | null>(null);
  const [listPage, setListPage] = useState<PageCursor>({});
  const dirty = useRef(false);
  const onDirty = (value: boolean) => {
    dirty.current = value;
  };
  const mayLeave = () => !dirty.current || window.confirm('Leave this post? Your unsaved changes will be lost.');
  const list = useAllPosts(listPage);
  // A post just saved is already in the cache, so switching to editing it fetches nothing.
  const loaded = usePostToEdit(editId);
  const post = editId && loaded.data?.id === editId ? loaded.data : undefined;

  function onSaved(next: AdminPost) {
    setSaved(next);
    if (next.id !== editId) setParams({ edit: next.id });
  }

  function startNew() {
    if (!mayLeave()) return;
    setSaved(null);
    setParams({});
  }

  function edit(id: string) {
    if (id === editId || !mayLeave()) return;
    setSaved(null);
    setParams({ edit: id });
    window.scrollTo({ top: 0 });
  }

  return (
    <PortalPage
      title={editId ? 'Edit Blog Post' : 'Add Blog'}
      trail={[{ label: 'Blogs', to: '/blogs' }]}
      actions={
        editId ? (
          <button type="button" className="button button-light" onClick={startNew}>
            New post
          </button>
        ) : null
      }
    >
      {saved && saved.id === editId ? (
        <p className="blog-saved" role="status">
          {saved.status === 'published' ? (
            <>
              Published. <Link to={`/blogs/${saved.slug}`}>View the post at /blogs/{saved.slug}</Link>
            </>
          ) : (
            <>Draft saved. It is not public until you publish it.</>
          )}
        </p>
      ) : null}
      {editId && !post ? (
        <QueryState query={loaded} />
      ) : (
        <BlogEditor key={post?.id ?? 'new'} post={post} onSaved={onSaved} onDirty={onDirty} />
      )}

      <h2 className="blog-list-heading">All posts</h2>
      <QueryState query={list} />
      {list.data ? <PostList data={list.data} editingId={editId} onEdit={edit} onPage={setListPage} /> : null}
    </PortalPage>
  );
}
