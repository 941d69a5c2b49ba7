import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export const FILTER_KEYS = ['form', 'collection', 'city', 'status', 'assigned', 'q', 'from', 'to'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Record<FilterKey, string>;

/**
 * The inbox's state lives in the address (filters, search, page, the open lead), so a link reproduces the view and
 * the browser's Back goes from a lead to the list.
 */
export function useLeadParams() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as Filters, [params]);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const openLead = params.get('lead');

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) =>
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
    page,
    openLead,
    /** A new filter starts again from page one; typing in the search box replaces history rather than piling it up. */
    setFilter: useCallback((key: FilterKey, value: string) => update({ [key]: value, page: null }, key === 'q'), [update]),
    clearFilters: useCallback(() => update(Object.fromEntries([...FILTER_KEYS, 'page'].map((k) => [k, null]))), [update]),
    setPage: useCallback((p: number) => update({ page: p > 1 ? String(p) : null }), [update]),
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
