import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { pageQuery, selectQuery } from '../../lib/api-query';
import type { PageCursor } from '../../ui/pagination';
import type { AdminPostPage, AdminPostReply, NewPost, PublicPostPage, PublicPostReply } from '../../shared/api/blogs';

const cursorQuery = ({ after, before }: PageCursor) => new URLSearchParams(after ? { after } : before ? { before } : {}).toString();

const blogKeys = {
  published: ['blogs', 'public'] as const,
  adminLists: ['blogs', 'admin', 'list'] as const,
  publicList: (query: string) => ['blogs', 'public', 'list', query] as const,
  publicPost: (slug: string) => ['blogs', 'public', 'post', slug] as const,
  adminList: (query: string) => ['blogs', 'admin', 'list', query] as const,
  adminPost: (id: string) => ['blogs', 'admin', 'post', id] as const,
};

/** The page of published posts that starts at `cursor` (none: the newest), as its query and address. */
export function publishedPostsRequest(cursor: PageCursor) {
  const query = cursorQuery(cursor);
  return { queryKey: blogKeys.publicList(query), path: `/api/blogs?${query}` };
}

export function publishedPostRequest(slug: string) {
  return { queryKey: blogKeys.publicPost(slug), path: `/api/blogs/${encodeURIComponent(slug)}` };
}

/** A page of published posts; `cursor` is where it starts (none: the newest). */
export function usePublishedPosts(cursor: PageCursor) {
  const { queryKey, path } = publishedPostsRequest(cursor);
  return useQuery(pageQuery<PublicPostPage>(queryKey, path));
}

export function usePublishedPost(slug: string) {
  const { queryKey, path } = publishedPostRequest(slug);
  return useQuery(selectQuery(queryKey, path, (data: PublicPostReply) => data.post));
}

/** Every post, drafts too, for the admin. */
export function useAllPosts(cursor: PageCursor) {
  const query = cursorQuery(cursor);
  return useQuery(pageQuery<AdminPostPage>(blogKeys.adminList(query), `/api/admin/blogs?${query}`));
}

/** A post to edit; null when writing a new one. */
export function usePostToEdit(id: string | null) {
  const path = `/api/admin/blogs/${encodeURIComponent(id ?? '')}`;
  return useQuery({ ...selectQuery(blogKeys.adminPost(id ?? ''), path, (data: AdminPostReply) => data.post), enabled: id !== null });
}

/** Saves a new post or an edit. The saved post is at hand for the editor; every list and page of posts refetches. */
export function useSavePost(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewPost) =>
      id ? api<AdminPostReply>(`/api/blogs/${id}`, { method: 'PATCH', body }) : api<AdminPostReply>('/api/blogs', { method: 'POST', body }),
    onSuccess: (saved) => {
      client.setQueryData(blogKeys.adminPost(saved.post.id), saved);
      return Promise.all([
        client.invalidateQueries({ queryKey: blogKeys.published }),
        client.invalidateQueries({ queryKey: blogKeys.adminLists }),
      ]);
    },
  });
}
