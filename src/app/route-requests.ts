import { matchPath } from 'react-router-dom';
import { appRoutes, isStaffScreen, type AppPath } from '../shared/app-routes';
import { cityPagesRequest } from '../content/city-pages';
import { openingRequest, openingsRequest } from '../portal/jobs/job-queries';
import { publishedPostRequest, publishedPostsRequest } from '../portal/blogs/blog-queries';

/** An API answer a screen shows: its key in the screen's cache, and the address it is read from. */
interface ScreenRequest {
  queryKey: readonly unknown[];
  path: string;
  /** Something the screen shows beside its subject (the city chips): without it the screen is still found. */
  aside?: boolean;
}

type Requests = (params: Record<string, string | undefined>, address: URLSearchParams) => ScreenRequest[];

/** The API answers a server-rendered app route shows, by its path in the route table; routes not here show none. */
const requestsByRoute: Partial<Record<AppPath, Requests>> = {
  // Its city chips read the city pages the footer asks for beside every visitor screen.
  '/job-openings': (_params, address) => [openingsRequest(address)],
  '/job-openings/:id': ({ id = '' }) => [openingRequest(id)],
  '/blogs': (_params, address) => [
    publishedPostsRequest({ after: address.get('after') ?? undefined, before: address.get('before') ?? undefined }),
  ],
  '/blogs/:blogTitle': ({ blogTitle = '' }) => [publishedPostRequest(blogTitle)],
};

/** The city pages the marketing footer links to (src/site/footer.tsx): beside the screen of every route that shows it. */
const footerRequest: ScreenRequest = { ...cityPagesRequest, aside: true };

/** What the screen at an address (path and query) and the footer will ask the API for, so the server can fetch it first. */
export function routeRequests(route: AppPath, url: URL): ScreenRequest[] {
  const requests = requestsByRoute[route];
  const match = requests && matchPath({ path: route, caseSensitive: false }, url.pathname);
  const screen = match && requests ? requests(match.params, url.searchParams) : [];
  const staffScreen = isStaffScreen(appRoutes.find((candidate) => candidate.path === route));
  return staffScreen ? screen : [...screen, footerRequest];
}
