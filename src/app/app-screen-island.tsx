import { useEffect, useState, type ComponentType } from 'react';
import { QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import { SIGN_IN_SCREEN, type AppPath } from '../shared/app-routes';
import { splitLocale } from '../shared/locales';
import { SESSION_CHANGE_EVENT } from '../lib/session-cookies';
import { screenLoaders } from './app-screens';
import { ChunkErrorBoundary } from './chunk-error-boundary';
import { createQueryClient } from './query-client';
import { IslandRouter } from './island-router';
import { hydrateQueryState } from './query-state';

export interface AppScreenIslandProps {
  /** The screen shown: the route's own, or the sign-in form in place of a protected one. */
  screen: AppPath;
  /** The route's pattern, as the router declares it (/hi/job-openings/:id for a route in another language). */
  route: string;
  /** The address asked for, path and query. */
  url: string;
  /** The API answers the server showed, so the browser's first render shows the same without asking again. */
  queryState: DehydratedState;
}

/** Screens loaded so far: an island renders its screen at once, as the server did, so it is loaded first. */
const loadedScreens: Partial<Record<AppPath, ComponentType>> = {};

/**
 * Loads the island's screen and what it shows at once in the language of its address; the server's render and the
 * browser's hydration both wait for it.
 */
export async function prepareAppScreen({ screen, url }: Pick<AppScreenIslandProps, 'screen' | 'url'>) {
  const module = await screenLoaders[screen]();
  await module.prepare?.(splitLocale(new URL(url, 'http://localhost').pathname).locale);
  loadedScreens[screen] = module.default;
}

/** Signed in on the spot: the page is loaded again, and the server sends the signed-in user's app. */
function ReloadOnSignIn() {
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener(SESSION_CHANGE_EVENT, reload);
    return () => window.removeEventListener(SESSION_CHANGE_EVENT, reload);
  }, []);
  return null;
}

/**
 * An app route's screen as an island of the page the server renders for a visitor (/job-openings, a job, /login): the
 * page ships no React until the visitor acts, like a page of pages/. Inside the island the screen has its router
 * (its search and paging stay in the address, src/app/island-router.tsx) and its API answers.
 */
export function AppScreenIsland({ screen, route, url, queryState }: AppScreenIslandProps) {
  const [client] = useState(() => {
    const created = createQueryClient();
    hydrateQueryState(created, queryState);
    return created;
  });
  const Screen = loadedScreens[screen];
  if (!Screen) throw new Error(`The screen of ${screen} is rendered before it is loaded`);
  const routes = (
    <Routes>
      <Route
        path={route}
        element={
          <ChunkErrorBoundary>
            {screen === SIGN_IN_SCREEN && route !== SIGN_IN_SCREEN ? <ReloadOnSignIn /> : null}
            <Screen />
          </ChunkErrorBoundary>
        }
      />
    </Routes>
  );
  return (
    <QueryClientProvider client={client}>
      {typeof window === 'undefined' ? (
        <StaticRouter location={url}>{routes}</StaticRouter>
      ) : (
        <IslandRouter route={route}>{routes}</IslandRouter>
      )}
    </QueryClientProvider>
  );
}
