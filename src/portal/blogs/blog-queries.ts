import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../ui/api-client';
import type { AdminPost, AdminPostSummary, PostFields, PostPage, PublicPost, PublicPostWithBody } from './blog-types';

const blogKeys = {
  published: ['blogs', 'public'] as const,
  adminLists: ['blogs', 'admin', 'list'] as const,
  publicList: (page: number) => ['blogs', 'public', 'list', page] as const,
  publicPost: (slug: string) => ['blogs', 'public', 'post', slug] as const,
  adminList: (page: number) => ['blogs', 'admin', 'list', page] as const,
  adminPost: (id: string) => ['blogs', 'admin', 'post', id] as const,
};

export function usePublishedPosts(page: number) {
  return useQuery({
    queryKey: blogKeys.publicList(page),
    queryFn: ({ signal }) => api<PostPage<PublicPost>>(`/api/blogs?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePublishedPost(slug: string) {
  return useQuery({
    queryKey: blogKeys.publicPost(slug),
    queryFn: ({ signal }) => api<{ post: PublicPostWithBody }>(`/api/blogs/${encodeURIComponent(slug)}`, { signal }),
    select: (data) => data.post,
  });
}

/** Every post, drafts too, for the admin. */
export function useAllPosts(page: number) {
  return useQuery({
    queryKey: blogKeys.adminList(page),
    queryFn: ({ signal }) => api<PostPage<AdminPostSummary>>(`/api/admin/blogs?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A post to edit; null when writing a new one. */
export function usePostToEdit(id: string | null) {
  return useQuery({
    queryKey: blogKeys.adminPost(id ?? ''),
    queryFn: ({ signal }) => api<{ post: AdminPost }>(`/api/admin/blogs/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    select: (data) => data.post,
  });
}

/** Saves a new post or an edit. The saved post is at hand for the editor; every list and page of posts refetches. */
export function useSavePost(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PostFields) =>
      id ? api<{ post: AdminPost }>(`/api/blogs/${id}`, { method: 'PATCH', body }) : api<{ post: AdminPost }>('/api/blogs', { method: 'POST', body }),
    onSuccess: (saved) => {
      client.setQueryData(blogKeys.adminPost(saved.post.id), saved);
      return Promise.all([client.invalidateQueries({ queryKey: blogKeys.published }), client.invalidateQueries({ queryKey: blogKeys.adminLists })]);
    },
  });
}
