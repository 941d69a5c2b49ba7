import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import 'react-multi-carousel/lib/styles.css';
import './styles/site.css';
import './styles/portal.css';
import { App } from './app/app';
import { sampleVitals } from './site/sample-vitals';

const container = document.getElementById('root');
if (!container) throw new Error('This page has no #root element for the app');
// The app shell of a signed-in user's portal, or the dev server. A visitor's pages are rendered by the server with
// islands (src/islands/island-loader.ts) and never load this script.
createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
sampleVitals();
