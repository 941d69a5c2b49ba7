import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * A GET of the API as a query: cached under `queryKey`, cancelled when no component wants it any more. Its `path`
 * rides along in `meta`, so the server rendering a signed-in screen can ask its own API for what the screen shows.
 */
export const apiQuery = <T>(queryKey: QueryKey, path: string) =>
  queryOptions({ queryKey, queryFn: ({ signal }) => api<T>(path, { signal }), meta: { path } });

/** A GET whose answer wraps what the screen wants (`{ job: … }`): the whole answer is cached, the screen gets `select` of it. */
export const selectQuery = <T, R>(queryKey: QueryKey, path: string, select: (data: T) => R) => ({ ...apiQuery<T>(queryKey, path), select });

/** A page of a list: the page on screen stays while the next one loads, so the table does not flash empty. */
export const pageQuery = <T>(queryKey: QueryKey, path: string) => ({ ...apiQuery<T>(queryKey, path), placeholderData: keepPreviousData });
