import { Navigate, Route, Routes } from 'react-router-dom';
import { jsonRoutes } from '../content/page-registry';
import { appRoutes } from '../shared/app-routes';
import { useSession } from '../shared/session';
import { SiteLayout } from '../site/site-layout';
import { ChunkErrorBoundary } from './chunk-error-boundary';
import { JsonPage } from './json-page';
import { lazyWithTimeout } from './lazy-with-timeout';

const ComingSoon = lazyWithTimeout(() => import('./coming-soon'));

/** Protected routes need the jwt_token cookie; without it the visitor goes home. */
function RequireSession({ children }: { children: React.ReactNode }) {
  const session = useSession();
  if (!session.loggedIn) return <Navigate to="/" replace />;
  return children;
}

export function App() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {jsonRoutes.map((route) => (
          <Route key={route} path={route} element={<JsonPage route={route} />} />
        ))}
        {appRoutes.map((route) => {
          const screen = (
            <ChunkErrorBoundary>
              <ComingSoon title={route.title} />
            </ChunkErrorBoundary>
          );
          return <Route key={route.path} path={route.path} element={route.protected ? <RequireSession>{screen}</RequireSession> : screen} />;
        })}
        <Route path="*" element={<Navigate to="/not-found" replace />} />
      </Route>
    </Routes>
  );
}
