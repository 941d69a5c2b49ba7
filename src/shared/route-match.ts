import { matchPath } from 'react-router-dom';
import { appRoutes, type AppRoute } from './app-routes';

/** The app route a path belongs to, if any. */
export function matchAppRoute(pathname: string): AppRoute | undefined {
  return appRoutes.find((route) => matchPath({ path: route.path, end: true }, pathname));
}
