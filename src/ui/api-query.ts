import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import { api } from './api-client';

/** A GET of the API as a query: cached under `queryKey`, cancelled when no component wants it any more. */
export const apiQuery = <T>(queryKey: QueryKey, path: string) =>
  queryOptions({ queryKey, queryFn: ({ signal }) => api<T>(path, { signal }) });

/** A page of a list: the page on screen stays while the next one loads, so the table does not flash empty. */
export const pageQuery = <T>(queryKey: QueryKey, path: string) => ({ ...apiQuery<T>(queryKey, path), placeholderData: keepPreviousData });
