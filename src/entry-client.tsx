import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { DehydratedState } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import 'react-multi-carousel/lib/styles.css';
import './styles/site.css';
import './styles/portal.css';
import { App } from './app/app';
import { embeddedQueryState } from './app/query-state';
import { sampleVitals } from './site/sample-vitals';

const app = (queryState?: DehydratedState) => (
  <StrictMode>
    <BrowserRouter>
      <App queryState={queryState} />
    </BrowserRouter>
  </StrictMode>
);

function start(container: HTMLElement) {
  if (!container.firstElementChild) {
    // The app shell of a signed-in user's portal route, or the dev server: nothing to hydrate.
    createRoot(container).render(app());
    return;
  }
  // An app route rendered by the server carries the API answers it showed (job openings, a job). Public pages are
  // prerendered with the island loader instead (src/islands/island-loader.ts).
  hydrateRoot(container, app(embeddedQueryState()));
}

const container = document.getElementById('root');
if (!container) throw new Error('This page has no #root element for the app');
start(container);
sampleVitals();
