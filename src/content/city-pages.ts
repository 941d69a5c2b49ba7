import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../lib/api-query';
import { CITY_LIST_PATH } from '../shared/city-list';
import type { CityLink } from '../shared/generated/page-document';

/**
 * The build's list of city pages (src/shared/city-list.ts) as the page's cache holds it: the server puts it there for
 * every page that shows it (the footer, the job openings' city chips), so the browser's first render shows the same.
 */
export const cityPagesRequest = { queryKey: ['city-pages'] as const, path: CITY_LIST_PATH };

/** The city pages, by name; none while the list is missing (a build from before it), and never asked again meanwhile. */
export function useCityPages(): CityLink[] {
  const { data } = useQuery({
    ...apiQuery<CityLink[]>(cityPagesRequest.queryKey, cityPagesRequest.path),
    staleTime: Infinity,
    retry: false,
  });
  return data ?? [];
}
