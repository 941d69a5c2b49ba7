import { matchPath } from 'react-router-dom';
import { appRoutes, isStaffScreen, screenOf, type AppPath } from '../shared/app-routes';
import { jobLanguageOf, type JobLanguage } from '../shared/job-locales';
import { splitLocale } from '../shared/locales';
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

type Requests = (params: Record<string, string | undefined>, address: URLSearchParams, lang: JobLanguage) => ScreenRequest[];

/** The API answers a server-rendered app route shows, by its path in the route table; routes not here show none. */
const requestsByRoute: Partial<Record<AppPath, Requests>> = {
  // Its city chips read the city pages the footer asks for beside every visitor screen.
  '/job-openings': (_params, address, lang) => [openingsRequest(address, lang)],
  '/job-openings/:id': ({ id = '' }, _address, lang) => [openingRequest(id, lang)],
  '/blogs': (_params, address) => [
    publishedPostsRequest({ after: address.get('after') ?? undefined, before: address.get('before') ?? undefined }),
  ],
  '/blogs/:blogTitle': ({ blogTitle = '' }) => [publishedPostRequest(blogTitle)],
};

/** The city pages the marketing footer links to (src/site/footer.tsx): beside the screen of every route that shows it. */
const footerRequest: ScreenRequest = { ...cityPagesRequest, aside: true };

/**
 * What the screen at an address (path and query) and the footer will ask the API for, so the server can fetch it first;
 * `route` is the pattern the address matched (/hi/job-openings/:id asks for the job in Hindi).
 */
export function routeRequests(route: string, url: URL): ScreenRequest[] {
  const appRoute = appRoutes.find((candidate) => candidate.path === route);
  const requests = appRoute && requestsByRoute[screenOf(appRoute)];
  const match = requests && matchPath({ path: route, caseSensitive: false }, url.pathname);
  const lang = jobLanguageOf(splitLocale(url.pathname).locale);
  const screen = match && requests ? requests(match.params, url.searchParams, lang) : [];
  const staffScreen = isStaffScreen(appRoute);
  return staffScreen ? screen : [...screen, footerRequest];
}
