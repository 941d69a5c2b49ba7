import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';
import { prepareAppScreen } from './app/app-screen-island';
import { screenFiles } from './app/app-screens';
import { forgetPage, preloadPage } from './app/page-loader';
import { preparePageRenderer } from './app/page-at-location';
import { createQueryClient } from './app/query-client';
import { queryStateOf } from './app/query-state';
import { routeRequests } from './app/route-requests';
import { cityPagesRequest } from './content/city-pages';
import { site, siteValues } from './content/site';
import { appRoutes, screenOf, visitorScreen } from './shared/app-routes';
import { matchAppRoute } from './shared/route-match';
import type { PageDocument, PageMeta } from './shared/generated/page-document';
import { ApiError } from './lib/api-client';
import { IslandsRender, type RenderIsland } from './ui/island';
import { RenderedSession } from './lib/use-session';
import { RenderedAt } from './lib/use-now';
import type { RenderedState } from './shared/rendered-state';
import { sessionFromCookies } from './shared/session';
import { renderedDocument } from './shared/rendered-document';
import type { CityLink } from './shared/generated/page-document';
import { DEFAULT_LOCALE, splitLocale, type Locale } from './shared/locales';
import { loadLocale } from './content/load-locale';

export { site };

/** A page of pages/ in one of its languages as it is rendered (src/shared/rendered-document.ts), with the site's values of this build. */
export function pageForRender(page: PageDocument, cities: readonly CityLink[] = [], locale: Locale = DEFAULT_LOCALE): PageDocument {
  return renderedDocument(page, cities, siteValues, locale);
}
export { NOT_FOUND_ROUTE } from './shared/page-files';

export interface RenderedPage {
  html: string;
  meta: PageMeta;
}

/**
 * Renders a page of pages/ (its document as loaded, placeholders filled) to HTML for a logged-out visitor, as the
 * prerender writes it: its interactive parts as islands, each hydrating on its own. The document is given, not looked
 * up: the render holds no table of pages. `cities` is the build's list of city pages, which the footer links to.
 */
export async function renderPage(page: PageDocument, cities: readonly CityLink[] = []): Promise<RenderedPage> {
  await Promise.all([preparePageRenderer(), preloadPage(page.route, page), loadLocale(splitLocale(page.route).locale)]);
  const client = createQueryClient();
  client.setQueryData(cityPagesRequest.queryKey, cities);
  try {
    const html = renderToString(
      <StrictMode>
        <IslandsRender.Provider value={renderToString}>
          <StaticRouter location={page.route}>
            <App queryClient={client} />
          </StaticRouter>
        </IslandsRender.Provider>
      </StrictMode>,
    );
    return { html, meta: page.meta };
  } finally {
    forgetPage(page.route);
  }
}

/** An API answer as the server's own API gives it. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

export interface RenderedAppRoute {
  /** 404 when the screen shows something the API does not have (a job removed), else 200. */
  status: number;
  /** The title and meta tags the screen renders, for the document's head. */
  head: string;
  html: string;
}

/** Puts an API answer into the cache under the query's key: its body, or a refusal as the ApiError a screen reads. */
function settle(client: QueryClient, queryKey: QueryKey, answer: ApiAnswer) {
  return client.prefetchQuery({
    queryKey,
    retry: false,
    queryFn: () => {
      if (answer.status < 400) return answer.body;
      const error = (answer.body as { error?: unknown } | null)?.error;
      throw new ApiError(answer.status, typeof error === 'string' ? error : 'Something went wrong.', [], true);
    },
  });
}

/** React places a screen's <title>, <meta> and <link> first in what it renders: they belong in the head. */
const leadingHeadTags = /^(?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)*/;

/**
 * Renders an app route (`route` is its pattern, `url` the address asked for) for a signed-out visitor at request time,
 * as a public page is prerendered: the site's parts and the screen are islands, each hydrating on its own, so the page
 * runs no React until the visitor acts. The API answers the screen shows are read first through `read`.
 */
export async function renderAppRoute(route: string, url: string, read: (path: string) => Promise<ApiAnswer>): Promise<RenderedAppRoute> {
  const client = createQueryClient();
  let status = 200;
  for (const { queryKey, path, aside } of routeRequests(route, new URL(url, 'http://localhost'))) {
    const answer = await read(path);
    if (answer.status === 404 && !aside) status = 404;
    await settle(client, queryKey, answer);
  }
  // The screen shown, by the app's own rule: a protected route a visitor may open shows the sign-in form in its place.
  const appRoute = appRoutes.find((candidate) => candidate.path === route);
  const screen = appRoute && visitorScreen(appRoute);
  // A route in another language (/hi/job-openings) renders in its words, loaded first like the browser's hydration does.
  await loadLocale(splitLocale(new URL(url, 'http://localhost').pathname).locale);
  if (screen) await prepareAppScreen({ screen, url });
  // The screen's title and meta tags lead its island's HTML: they are lifted into the document's head.
  const head: string[] = [];
  const renderIsland: RenderIsland = (element, options) => {
    const html = renderToString(element, options);
    const tags = leadingHeadTags.exec(html)?.[0] ?? '';
    head.push(tags);
    return html.slice(tags.length);
  };
  const html = renderToString(
    <StrictMode>
      <IslandsRender.Provider value={renderIsland}>
        <StaticRouter location={url}>
          <App queryState={queryStateOf(client)} />
        </StaticRouter>
      </IslandsRender.Provider>
    </StrictMode>,
  );
  return { status, head: head.join(''), html };
}

/**
 * A boundary renderToString could not fill because something in it was still loading (a lazy screen, a popup's code):
 * it renders the fallback and leaves the boundary to the browser, marked so.
 */
const UNFINISHED_BOUNDARY = '<!--$!';

/** Lets pending imports settle, so lazy components rendered once are ready the next time. */
const settleImports = () => new Promise<void>((resolve) => setTimeout(resolve, 5));
/** How often a render waits for code still loading before it leaves that boundary to the browser. */
const IMPORT_WAITS = 3;

/** How many times a signed-in screen is rendered at most: each render asks for what the answers before it revealed. */
const RENDER_PASSES = 8;

export interface RenderedSignedInRoute {
  head: string;
  html: string;
  /** What the browser's hydration renders with: the API answers the screen shows and the time it was rendered at. */
  rendered: RenderedState;
  /** The source file of the screen shown, whose chunks the browser fetches ahead. */
  screenFile?: string;
}

/**
 * Renders the whole app at `url` for the signed-in user of `cookieHeader`, as their browser would, with the API answers
 * its screen asks for read first through `read` (the server's own API, with the user's cookies): the screen is
 * rendered, the queries it made are answered, and it is rendered again until it asks for nothing new. Queries the
 * screen does not make until the user acts (a search typed) stay for the browser.
 */
export async function renderSignedInRoute(
  url: string,
  cookieHeader: string,
  read: (path: string) => Promise<ApiAnswer>,
): Promise<RenderedSignedInRoute> {
  const client = createQueryClient();
  const session = sessionFromCookies(cookieHeader);
  const renderedAt = Date.now();
  const asked = new Set<string>();
  let waitsForImports = 0;
  // The screen's code loaded first, so its lazy component is ready by the second render at the latest.
  const route = matchAppRoute(new URL(url, 'http://localhost').pathname);
  if (route) await Promise.all([prepareAppScreen({ screen: screenOf(route), url }), loadLocale(splitLocale(route.path).locale)]);
  let html = '';
  for (let pass = 0; pass < RENDER_PASSES; pass++) {
    // renderToString writes no script (the page's policy allows none inline), so what is still loading is rendered
    // again once loaded rather than streamed in.
    html = renderToString(
      <StrictMode>
        <RenderedSession.Provider value={session}>
          <RenderedAt.Provider value={renderedAt}>
            <StaticRouter location={url}>
              <App queryClient={client} />
            </StaticRouter>
          </RenderedAt.Provider>
        </RenderedSession.Provider>
      </StrictMode>,
    );
    const answerable = client
      .getQueryCache()
      .getAll()
      .filter(
        (query) =>
          query.state.status === 'pending' &&
          !asked.has(query.queryHash) &&
          (query.options as { enabled?: unknown }).enabled !== false &&
          typeof query.meta?.path === 'string',
      );
    const unfinished = html.includes(UNFINISHED_BOUNDARY);
    // Nothing new to ask, and nothing loading that one more render would find loaded: a boundary that failed on the
    // server stays the browser's to render.
    if (!answerable.length && (!unfinished || waitsForImports >= IMPORT_WAITS)) break;
    waitsForImports = answerable.length ? 0 : waitsForImports + 1;
    for (const query of answerable) {
      asked.add(query.queryHash);
      await settle(client, query.queryKey, await read(String(query.meta?.path)));
    }
    await settleImports();
  }
  const head = leadingHeadTags.exec(html)?.[0] ?? '';
  return {
    head,
    html: html.slice(head.length),
    rendered: { queryState: queryStateOf(client), renderedAt },
    screenFile: route && screenFiles[screenOf(route)],
  };
}
