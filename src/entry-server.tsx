import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';
import { forgetPage, preloadPage } from './app/page-loader';
import { createQueryClient } from './app/query-client';
import { queryStateOf } from './app/query-state';
import { routeRequests } from './app/route-requests';
import { fillSite, site } from './content/site';
import type { AppPath } from './shared/app-routes';
import type { PageDocument, PageMeta } from './shared/generated/page-document';
import { ApiError } from './ui/api-client';
import { IslandsRender } from './ui/island';

export { fillSite, site };
export { NOT_FOUND_ROUTE } from './app/json-page';
export { QUERY_STATE_ID } from './app/query-state';

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
  /** The API answers the screen showed, as JSON, for the browser's cache: it hydrates without asking again. */
  queryState: string;
}

/** React places a screen's <title>, <meta> and <link> first in what it renders: they belong in the head. */
const leadingHeadTags = /^(?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)*/;

/**
 * Renders an app route (`route` is its pattern, `url` the address asked for) for a signed-out visitor at request time:
 * the API answers its screen shows are read first through `read`, then React renders it whole, waiting for the
 * screen's code. A render that takes longer than `timeoutMs` sends what is ready, the rest loading in the browser.
 */
export async function renderAppRoute(
  route: AppPath,
  url: string,
  read: (path: string) => Promise<ApiAnswer>,
  timeoutMs = 10_000,
): Promise<RenderedAppRoute> {
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
  const state = queryStateOf(client);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App queryState={state} />
      </StaticRouter>
    </StrictMode>,
    // Never split the page into parts revealed by inline scripts: the site's CSP runs none, and it is sent whole.
    { signal: AbortSignal.timeout(timeoutMs), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let rendered = '';
  for await (const chunk of prelude) rendered += String(chunk);
  const head = leadingHeadTags.exec(rendered)?.[0] ?? '';
  return { status, head, html: rendered.slice(head.length), queryState: JSON.stringify(state) };
}
