import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CursorPaged } from '../shared/api/common';
import { pagingOf } from './pagination';
import { CURSOR_PARAMS, usePageCursor } from './use-page-cursor';

/**
 * A list's filters and page cursor in the address, so a link or Back reproduces the view. Changing a filter starts
 * again from the first page: a cursor belongs to the rows of the filters it was given with.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const { cursorQuery, setCursor } = usePageCursor();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const set = useCallback(
    (changes: Partial<Record<K, string>>, replace = false) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const key of CURSOR_PARAMS) next.delete(key);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value as string);
            else next.delete(key);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  /** The API query for these values and the page: empty ones left out; the page size when the list takes one. */
  const query = (pageSize?: number) => {
    const q = new URLSearchParams(cursorQuery);
    for (const k of keys) if (values[k]) q.set(k, values[k]);
    if (pageSize) q.set('pageSize', String(pageSize));
    return q.toString();
  };
  /** The paging under a list, from the page the API answered: moving keeps the filters. */
  const paging = (page: CursorPaged, noun?: string) => pagingOf(page, setCursor, noun);
  return { values, set, query, paging, setCursor };
}
