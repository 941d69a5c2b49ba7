import { useContext, useEffect, useState } from 'react';
import { QueryClientProvider, useQueryClient, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { appRoutes, mayOpen, screenOf, visitorScreen, type AppPath, type AppRoute } from '../shared/app-routes';
import { Island, IslandsRender } from '../ui/island';
import { useSession } from '../lib/use-session';
import { SiteLayout } from '../site/site-layout';
import { ChunkErrorBoundary } from './chunk-error-boundary';
import { PageAtLocation } from './page-at-location';
import { AppScreenIsland } from './app-screen-island';
import { appScreens } from './app-screens';
import { Forbidden } from './forbidden';
import { createQueryClient } from './query-client';
import { hydrateQueryState, queryStateOf } from './query-state';
import { RouteFocus } from './route-focus';
import { SCREEN_HYDRATED_EVENT } from '../shared/rendered-state';

/**
 * A screen of the app. On a page the server renders for a visitor it is an island that hydrates on its own, with the
 * API answers it shows; in the app it is the screen, its code loaded on demand.
 */
function AppScreen({ screen, route }: { screen: AppPath; route: string }) {
  const islands = useContext(IslandsRender);
  const client = useQueryClient();
  const { pathname, search } = useLocation();
  if (islands) {
    const props = { screen, route, url: `${pathname}${search}`, queryState: queryStateOf(client) };
    return <Island name="app-screen" component={AppScreenIsland} props={props} when="visible" waitForVisitor />;
  }
  const Screen = appScreens[screen];
  return (
    <>
      <ChunkErrorBoundary>
        <Screen />
      </ChunkErrorBoundary>
      {/* Beside the boundary, not in it: a screen that fails shows its error with its Reload button enabled. */}
      <ScreenHydrated />
    </>
  );
}

/**
 * A screen the server rendered for a signed-in user arrives in a disabled fieldset, so nothing in it takes a tap or a
 * key before React can answer it (src/server/site/signed-in-renderer.ts): once the screen has hydrated, it is enabled.
 */
function ScreenHydrated() {
  useEffect(() => {
    const root = document.getElementById('root');
    if (!(root instanceof HTMLFieldSetElement) || !root.disabled) return;
    root.disabled = false;
    document.dispatchEvent(new Event(SCREEN_HYDRATED_EVENT));
  }, []);
  return null;
}

/**
 * Protected routes need the jwt_token cookie and, for some, a role. Without it the visitor signs in on the spot
 * where the route allows that, and goes home everywhere else.
 */
function GuardedScreen({ route }: { route: AppRoute }) {
  const access = mayOpen(route, useSession());
  if (access === 'log-in') {
    const screen = visitorScreen(route);
    return screen ? <AppScreen screen={screen} route={route.path} /> : <Navigate to="/" replace />;
  }
  if (access === 'forbidden') return <Forbidden />;
  return <AppScreen screen={screenOf(route)} route={route.path} />;
}

/**
 * The app; `queryState` is the API answers a server-rendered route showed, so the first render shows the same. The
 * server rendering a signed-in screen passes its own `queryClient`, to see what the screen asked for.
 */
export function App({ queryState, queryClient: given }: { queryState?: DehydratedState; queryClient?: QueryClient }) {
  // One cache per App: per request when rendered on the server, once for the tab in the browser.
  const [queryClient] = useState(() => {
    if (given) return given;
    const client = createQueryClient();
    if (queryState) hydrateQueryState(client, queryState);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <RouteFocus />
      <Routes>
        <Route element={<SiteLayout />}>
          {appRoutes.map((route) => (
            <Route key={route.path} path={route.path} element={<GuardedScreen route={route} />} />
          ))}
          {/* Pages of pages/ are found by their address: the app holds no list of them. */}
          <Route path="*" element={<PageAtLocation />} />
        </Route>
      </Routes>
    </QueryClientProvider>
  );
}
