import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PageCursor } from '../../ui/pagination';
import { CURSOR_PARAMS } from '../../ui/use-page-cursor';

export const FILTER_KEYS = ['form', 'collection', 'city', 'source', 'status', 'assigned', 'q', 'from', 'to'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Record<FilterKey, string>;

/** Address changes that go back to the first page of the list. */
const FIRST_PAGE = Object.fromEntries(CURSOR_PARAMS.map((k) => [k, null]));

/**
 * The inbox's state lives in the address (filters, search, the page's cursor, the open lead), so a link reproduces
 * the view and the browser's Back goes from a lead to the list, or to the page before.
 */
export function useLeadParams() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as Filters, [params]);
  const after = params.get('after') ?? undefined;
  const before = params.get('before') ?? undefined;
  const openLead = params.get('lead');

  const update = useCallback(
    (changes: Record<string, string | null | undefined>, replace = false) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return {
    filters,
    /** The page on screen: after or before a cursor, or the first page. */
    cursor: useMemo<PageCursor>(() => (after ? { after } : before ? { before } : {}), [after, before]),
    openLead,
    /** A new filter starts again from the first page; typing in the search box replaces history rather than piling it up. */
    setFilter: useCallback((key: FilterKey, value: string) => update({ [key]: value, ...FIRST_PAGE }, key === 'q'), [update]),
    clearFilters: useCallback(() => update(Object.fromEntries([...FILTER_KEYS, ...CURSOR_PARAMS].map((k) => [k, null]))), [update]),
    setCursor: useCallback((cursor: PageCursor) => update({ after: cursor.after, before: cursor.before }), [update]),
    setOpenLead: useCallback((id: string | null) => update({ lead: id }), [update]),
  };
}

/** The filters and any fixed values as an API query string, empty values left out. */
export function leadQuery(filters: Partial<Filters>, extra: Record<string, string | number | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra }))
    if (value !== undefined && value !== '') query.set(key, String(value));
  return query.toString();
}
