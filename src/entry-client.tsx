import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import 'react-multi-carousel/lib/styles.css';
import 'react-toastify/dist/ReactToastify.css';
import './styles/site.css';
import { App } from './app/app';
import { preloadPage } from './app/page-loader';
import { pageFileByRoute } from './content/page-registry';
import { matchAppRoute } from './shared/route-match';

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

async function start(container: HTMLElement) {
  if (!container.firstElementChild) {
    // The app shell of an app route (login, portal, ...), or the dev server: nothing to hydrate.
    createRoot(container).render(app);
    return;
  }
  let path = location.pathname;
  if (!pageFileByRoute.has(path) && !matchAppRoute(path)) {
    // The server answered 404 with the not-found page; show its address as the router would.
    path = '/not-found';
    history.replaceState(history.state, '', path);
  }
  // The page's content arrives as its own chunk; have it before hydrating so the markup matches.
  if (pageFileByRoute.has(path)) await preloadPage(path).catch(() => undefined);
  hydrateRoot(container, app);
}

const container = document.getElementById('root');
if (!container) throw new Error('This page has no #root element for the app');
void start(container);
