import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';
import { preloadPage } from './app/page-loader';
import { jsonRoutes, loadPageDocument } from './content/page-registry';
import { site } from './content/site';
import type { PageMeta } from './shared/generated/page-document';

export { jsonRoutes, site };

export interface RenderedPage {
  html: string;
  meta: PageMeta;
}

/** Renders a page of pages/ to HTML for a logged-out visitor, as the prerender writes it. */
export async function renderPage(route: string): Promise<RenderedPage> {
  const page = await loadPageDocument(route);
  if (!page) throw new Error(`No page for ${route}`);
  await preloadPage(route);
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={route}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  return { html, meta: page.meta };
}
