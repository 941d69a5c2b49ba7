import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list's filters and page in the address, so a link or Back reproduces the view. Changing a filter starts again
 * from page one.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const set = useCallback(
    (changes: Partial<Record<K | 'page', string>>, replace = false) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (!('page' in changes)) next.delete('page');
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
  /** The API query for these values: empty ones left out. */
  const query = (pageSize: number) => {
    const q = new URLSearchParams();
    for (const k of keys) if (values[k]) q.set(k, values[k]);
    q.set('page', String(page));
    q.set('pageSize', String(pageSize));
    return q.toString();
  };
  /** The paging of the table under the filters: moving to a page keeps them. */
  const onPage = (p: number) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('page', String(p));
      return next;
    });
  const paging = (total: number, pageSize: number) => ({ page, pageSize, total, onPage });
  return { values, page, set, query, paging };
}
