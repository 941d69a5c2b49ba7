import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { apiQuery, selectQuery } from '../../lib/api-query';
import type {
  DeletedPage,
  EditablePage,
  EditablePageReply,
  EditorSchemas,
  History,
  ImageList,
  NewCityPage,
  PageList,
  PreviewReply,
  PublishPage,
  RenamePage,
  SavePage,
  UploadedPageImage,
  UploadPageImage,
} from '../../shared/api/page-editor';

const q = (route: string) => `?route=${encodeURIComponent(route)}`;

const pageKeys = {
  all: ['pages'] as const,
  list: ['pages', 'list'] as const,
  page: (route: string) => ['pages', 'page', route] as const,
  history: (route: string) => ['pages', 'history', route] as const,
  schemas: ['pages', 'schemas'] as const,
  images: ['pages', 'images'] as const,
};

export const usePageList = () => useQuery(apiQuery<PageList>(pageKeys.list, '/api/admin/pages'));

export const useEditablePage = (route: string) =>
  useQuery({ ...selectQuery(pageKeys.page(route), `/api/admin/pages/page${q(route)}`, (data: EditablePageReply) => data.page), staleTime: Infinity });

export const useEditorSchemas = () => useQuery({ ...apiQuery<EditorSchemas>(pageKeys.schemas, '/api/admin/pages/schemas'), staleTime: Infinity });

export const usePageImages = () => useQuery(apiQuery<ImageList>(pageKeys.images, '/api/admin/pages/images'));

/** Uploads an image for the page's blocks; every image field's list then offers it. */
export function useUploadPageImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UploadPageImage) => api<UploadedPageImage>('/api/admin/pages/images', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: pageKeys.images }),
  });
}

export const usePageHistory = (route: string) => useQuery(apiQuery<History>(pageKeys.history(route), `/api/admin/pages/history${q(route)}`));

/** The latest version of a page, read again (after a conflict: what someone else saved). */
export const fetchEditablePage = async (route: string) => (await api<EditablePageReply>(`/api/admin/pages/page${q(route)}`)).page;

/** A change that answers the page as it now stands: it becomes the page's cached state, and lists and history refetch. */
function usePageChange<Body>(route: string, path: string, method = 'POST') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api<EditablePageReply>(`${path}${q(route)}`, { method, body }),
    onSuccess: (saved) => {
      client.setQueryData(pageKeys.page(route), saved);
      return Promise.all([
        client.invalidateQueries({ queryKey: pageKeys.list }),
        client.invalidateQueries({ queryKey: pageKeys.history(route) }),
      ]);
    },
  });
}

export const useSavePage = (route: string) => usePageChange<SavePage>(route, '/api/admin/pages/page', 'PUT');
export const usePublishPage = (route: string) => usePageChange<PublishPage>(route, '/api/admin/pages/publish');
export const useRollbackPage = (route: string) => usePageChange<{ revisionId: number }>(route, '/api/admin/pages/rollback');

export const useUnpublishPage = (route: string) => usePageChange<Record<string, never>>(route, '/api/admin/pages/unpublish');
export const useCancelSchedule = (route: string) => usePageChange<Record<string, never>>(route, '/api/admin/pages/cancel-schedule');

/** Moves a page to another route; the old route's cache goes, the new one's is the answer. */
export function useRenamePage(route: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RenamePage) => api<EditablePageReply>(`/api/admin/pages/rename${q(route)}`, { body }),
    onSuccess: (moved) => {
      client.setQueryData(pageKeys.page(moved.page.route), moved);
      client.removeQueries({ queryKey: pageKeys.page(route) });
      return client.invalidateQueries({ queryKey: pageKeys.list });
    },
  });
}

export function useDeletePage(route: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<DeletedPage>(`/api/admin/pages/delete${q(route)}`, { body: {} }),
    onSuccess: () => {
      client.removeQueries({ queryKey: pageKeys.page(route) });
      return client.invalidateQueries({ queryKey: pageKeys.list });
    },
  });
}

export function useNewCityPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewCityPage) => api<EditablePageReply>('/api/admin/pages/new-city', { body }),
    onSuccess: (made) => {
      client.setQueryData(pageKeys.page(made.page.route), made);
      return client.invalidateQueries({ queryKey: pageKeys.list });
    },
  });
}

/** The page as a visitor would see it, rendered by the server with the site's own renderer, and its problems. */
export const previewPage = (document: EditablePage['document'], signal: AbortSignal) =>
  api<PreviewReply>('/api/admin/pages/preview', { body: { document }, signal });
