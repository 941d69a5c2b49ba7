import { matchPath } from 'react-router-dom';
import type { AppPath } from '../shared/app-routes';
import { openingRequest, openingsRequest, type PublicJobRequest } from '../portal/jobs/job-queries';

type Requests = (params: Record<string, string | undefined>, address: URLSearchParams) => PublicJobRequest[];

/** The API answers a server-rendered app route shows, by its path in the route table; routes not here show none. */
const requestsByRoute: Partial<Record<AppPath, Requests>> = {
  '/job-openings': (_params, address) => [openingsRequest(address)],
  '/job-openings/:id': ({ id = '' }) => [openingRequest(id)],
};

/** What the screen at an address (path and query) will ask the API for, so the server can fetch it first. */
export function routeRequests(route: AppPath, url: URL): PublicJobRequest[] {
  const requests = requestsByRoute[route];
  const match = requests && matchPath({ path: route, caseSensitive: false }, url.pathname);
  return match && requests ? requests(match.params, url.searchParams) : [];
}
