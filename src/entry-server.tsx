import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';
import { forgetPage, preloadPage } from './app/page-loader';
import { fillSite, site } from './content/site';
import type { PageDocument, PageMeta } from './shared/generated/page-document';

export { fillSite, site };

export interface RenderedPage {
  html: string;
  meta: PageMeta;
}

/**
 * Renders a page of pages/ (its document as loaded, placeholders filled) to HTML for a logged-out visitor, as the
 * prerender writes it. The document is given, not looked up: the render holds no table of pages.
 */
export async function renderPage(page: PageDocument): Promise<RenderedPage> {
  await preloadPage(page.route, page);
  try {
    const html = renderToString(
      <StrictMode>
        <StaticRouter location={page.route}>
          <App />
        </StaticRouter>
      </StrictMode>,
    );
    return { html, meta: page.meta };
  } finally {
    forgetPage(page.route);
  }
}
