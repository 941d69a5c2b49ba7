import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import 'react-multi-carousel/lib/styles.css';
import './styles/site.css';
import './styles/portal.css';
import { App } from './app/app';
import { RenderedSession } from './lib/use-session';
import { sessionFromCookies } from './shared/session';
import { RENDERED_STATE_ID, type RenderedState } from './shared/rendered-state';
import { RenderedAt } from './lib/use-now';
import { sampleVitals } from './site/sample-vitals';
import { loadLocale } from './content/load-locale';
import { splitLocale } from './shared/locales';

const container = document.getElementById('root');
if (!container) throw new Error('This page has no #root element for the app');
// A portal screen the server rendered for the signed-in user hydrates with the answers it showed; the app shell (or
// the dev server) renders from nothing. A visitor's pages are rendered by the server with islands
// (src/islands/island-loader.ts) and never load this script.
const script = document.getElementById(RENDERED_STATE_ID);
const rendered = script ? (JSON.parse(script.textContent ?? '{}') as RenderedState) : undefined;
const app = (
  <StrictMode>
    <RenderedSession.Provider value={sessionFromCookies(document.cookie)}>
      <RenderedAt.Provider value={rendered?.renderedAt ?? null}>
        <BrowserRouter>
          <App queryState={rendered?.queryState} />
        </BrowserRouter>
      </RenderedAt.Provider>
    </RenderedSession.Provider>
  </StrictMode>
);
// A page in another language (/hi/job-openings) renders in its words, as the server rendered it: they load first.
void loadLocale(splitLocale(location.pathname).locale).finally(() => {
  if (rendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
sampleVitals();
