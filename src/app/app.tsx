import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { Navigate, Route, Routes } from 'react-router-dom';
import { appRoutes, mayOpen, type AppPath, type AppRoute } from '../shared/app-routes';
import { useSession } from '../ui/use-session';
import { SiteLayout } from '../site/site-layout';
import { ChunkErrorBoundary } from './chunk-error-boundary';
import { JsonPageAtLocation } from './json-page';
import { appScreens } from './app-screens';
import { Forbidden } from './forbidden';
import { createQueryClient } from './query-client';
import { hydrateQueryState } from './query-state';
import { RouteFocus } from './route-focus';

const SignIn = appScreens['/login'];

/**
 * Protected routes need the jwt_token cookie and, for some, a role. Without it the visitor signs in on the spot
 * where the route allows that, and goes home everywhere else.
 */
function RouteGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const access = mayOpen(route, useSession());
  if (access === 'log-in') return route.signInInPlace ? <SignIn /> : <Navigate to="/" replace />;
  if (access === 'forbidden') return <Forbidden />;
  return children;
}

/** The app; `queryState` is the API answers a server-rendered route showed, so the first render shows the same. */
export function App({ queryState }: { queryState?: DehydratedState }) {
  // One cache per App: per request when rendered on the server, once for the tab in the browser.
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (queryState) hydrateQueryState(client, queryState);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <RouteFocus />
      <Routes>
        <Route element={<SiteLayout />}>
          {appRoutes.map((route) => {
            const Screen = appScreens[route.path as AppPath];
            return (
              <Route
                key={route.path}
                path={route.path}
                element={
                  <RouteGuard route={route}>
                    <ChunkErrorBoundary>
                      <Screen />
                    </ChunkErrorBoundary>
                  </RouteGuard>
                }
              />
            );
          })}
          {/* Pages of pages/ are found by their address: the app holds no list of them. */}
          <Route path="*" element={<JsonPageAtLocation />} />
        </Route>
      </Routes>
    </QueryClientProvider>
  );
}
