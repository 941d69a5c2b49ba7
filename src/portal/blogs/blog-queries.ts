import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../ui/api-client';
import { apiQuery, pageQuery } from '../../ui/api-query';
import type { AdminPostPage, AdminPostReply, NewPost, PublicPostPage, PublicPostReply } from '../../shared/api/blogs';

const blogKeys = {
  published: ['blogs', 'public'] as const,
  adminLists: ['blogs', 'admin', 'list'] as const,
  publicList: (page: number) => ['blogs', 'public', 'list', page] as const,
  publicPost: (slug: string) => ['blogs', 'public', 'post', slug] as const,
  adminList: (page: number) => ['blogs', 'admin', 'list', page] as const,
  adminPost: (id: string) => ['blogs', 'admin', 'post', id] as const,
};

export function usePublishedPosts(page: number) {
  return useQuery(pageQuery<PublicPostPage>(blogKeys.publicList(page), `/api/blogs?page=${page}`));
}

export function usePublishedPost(slug: string) {
  return useQuery({
    ...apiQuery<PublicPostReply>(blogKeys.publicPost(slug), `/api/blogs/${encodeURIComponent(slug)}`),
    select: (data) => data.post,
  });
}

/** Every post, drafts too, for the admin. */
export function useAllPosts(page: number) {
  return useQuery(pageQuery<AdminPostPage>(blogKeys.adminList(page), `/api/admin/blogs?page=${page}`));
}

/** A post to edit; null when writing a new one. */
export function usePostToEdit(id: string | null) {
  return useQuery({
    ...apiQuery<AdminPostReply>(blogKeys.adminPost(id ?? ''), `/api/admin/blogs/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null,
    select: (data) => data.post,
  });
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
