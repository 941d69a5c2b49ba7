import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';
import { prepareAppScreen } from './app/app-screen-island';
import { forgetPage, preloadPage } from './app/page-loader';
import { createQueryClient } from './app/query-client';
import { queryStateOf } from './app/query-state';
import { routeRequests } from './app/route-requests';
import { fillSite, site } from './content/site';
import { appRoutes, visitorScreen, type AppPath } from './shared/app-routes';
import type { PageDocument, PageMeta } from './shared/generated/page-document';
import { ApiError } from './lib/api-client';
import { IslandsRender, type RenderIsland } from './ui/island';

export { fillSite, site };
export { NOT_FOUND_ROUTE } from './app/json-page';

export interface RenderedPage {
  html: string;
  meta: PageMeta;
}

/**
 * Renders a page of pages/ (its document as loaded, placeholders filled) to HTML for a logged-out visitor, as the
 * prerender writes it: its interactive parts as islands, each hydrating on its own. The document is given, not looked
 * up: the render holds no table of pages.
 */
export async function renderPage(page: PageDocument): Promise<RenderedPage> {
  await preloadPage(page.route, page);
  try {
    const html = renderToString(
      <StrictMode>
        <IslandsRender.Provider value={renderToString}>
          <StaticRouter location={page.route}>
            <App />
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

/** React places a screen's <title>, <meta> and <link> first in what it renders: they belong in the head. */
const leadingHeadTags = /^(?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)*/;

/**
 * Renders an app route (`route` is its pattern, `url` the address asked for) for a signed-out visitor at request time,
 * as a public page is prerendered: the site's parts and the screen are islands, each hydrating on its own, so the page
 * runs no React until the visitor acts. The API answers the screen shows are read first through `read`.
 */
export async function renderAppRoute(route: AppPath, url: string, read: (path: string) => Promise<ApiAnswer>): Promise<RenderedAppRoute> {
  const client = createQueryClient();
  let status = 200;
  for (const { queryKey, path } of routeRequests(route, new URL(url, 'http://localhost'))) {
    const answer = await read(path);
    if (answer.status === 404) status = 404;
    await client.prefetchQuery({
      queryKey,
      retry: false,
      queryFn: () => {
        if (answer.status < 400) return answer.body;
        const error = (answer.body as { error?: unknown } | null)?.error;
        throw new ApiError(answer.status, typeof error === 'string' ? error : 'Something went wrong.', [], true);
      },
    });
  }
  // The screen shown, by the app's own rule: a protected route a visitor may open shows the sign-in form in its place.
  const appRoute = appRoutes.find((candidate) => candidate.path === route);
  const screen = appRoute && visitorScreen(appRoute);
  if (screen) await prepareAppScreen({ screen });
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
