import { Navigate, Route, Routes } from 'react-router-dom';
import { jsonRoutes } from '../content/page-registry';
import { appRoutes } from '../shared/app-routes';
import { useSession } from '../shared/session';
import { SiteLayout } from '../site/site-layout';
import { ChunkErrorBoundary } from './chunk-error-boundary';
import { JsonPage } from './json-page';
import { appScreens } from './app-screens';
import { Forbidden } from './forbidden';

/** Protected routes need the jwt_token cookie (without it the visitor goes home) and, for some, a role. */
function RequireSession({ roles, children }: { roles?: readonly string[]; children: React.ReactNode }) {
  const session = useSession();
  if (!session.loggedIn) return <Navigate to="/" replace />;
  if (roles && !roles.includes(session.role ?? '')) return <Forbidden />;
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
          const Screen = appScreens[route.path];
          const screen = (
            <ChunkErrorBoundary>
              <Screen />
            </ChunkErrorBoundary>
          );
          const element = route.protected ? <RequireSession roles={route.roles}>{screen}</RequireSession> : screen;
          return <Route key={route.path} path={route.path} element={element} />;
        })}
        <Route path="*" element={<Navigate to="/not-found" replace />} />
      </Route>
    </Routes>
  );
}
