import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { DehydratedState } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import 'react-multi-carousel/lib/styles.css';
import 'react-toastify/dist/ReactToastify.css';
import './styles/site.css';
import { App } from './app/app';
import { NOT_FOUND_ROUTE } from './app/json-page';
import { preloadPage } from './app/page-loader';
import { embeddedQueryState } from './app/query-state';
import { embeddedPageDocument } from './content/page-data';
import { matchAppRoute } from './shared/route-match';
import { VITALS_ALWAYS_KEY, VITALS_SAMPLE_RATE } from './shared/web-vitals';

const app = (queryState?: DehydratedState) => (
  <StrictMode>
    <BrowserRouter>
      <App queryState={queryState} />
    </BrowserRouter>
  </StrictMode>
);

async function start(container: HTMLElement) {
  if (!container.firstElementChild) {
    // The app shell of a signed-in user's portal route, or the dev server: nothing to hydrate.
    createRoot(container).render(app());
    return;
  }
  const page = embeddedPageDocument();
  if (page) {
    const path = location.pathname.replace(/\/+$/, '') || '/';
    if (page.route === NOT_FOUND_ROUTE && path !== NOT_FOUND_ROUTE) {
      // The server answered 404 with the not-found page; show its address as the router would.
      history.replaceState(history.state, '', NOT_FOUND_ROUTE);
    }
    // The page's document is in the HTML; its forms load before hydrating so the markup matches.
    await preloadPage(page.route, page).catch(() => undefined);
  }
  // An app route rendered by the server carries the API answers it showed instead (job openings, a job).
  hydrateRoot(container, app(embeddedQueryState()));
}

/** A sample of public page loads reports its Core Web Vitals; the measuring code loads only for those. */
function sampleVitals() {
  const path = location.pathname.replace(/\/+$/, '') || '/';
  if (matchAppRoute(path)?.protected) return;
  const always = (() => {
    try {
      return localStorage.getItem(VITALS_ALWAYS_KEY) === 'always';
    } catch {
      return false;
    }
  })();
  if (always || Math.random() < VITALS_SAMPLE_RATE) void import('./site/report-vitals').then(({ reportVitals }) => reportVitals(path));
}

const container = document.getElementById('root');
if (!container) throw new Error('This page has no #root element for the app');
void start(container);
sampleVitals();
