import { appRoutes, type AppRoute } from './app-routes.ts';

/**
 * Whether a path matches a route pattern such as /jobs/:id, as the browser router matches it: a :param takes one
 * non-empty segment, letters match in either case and trailing slashes are allowed. No framework, so the server
 * uses the same rule.
 */
export function matchesPattern(pattern: string, pathname: string): boolean {
  if (!pathname.startsWith('/')) return false;
  const want = pattern.split('/').slice(1);
  const have = (pathname.replace(/\/+$/, '') || '/').split('/').slice(1);
  if (want.length !== have.length) return false;
  return want.every((segment, i) => {
    const part = have[i] ?? '';
    return segment.startsWith(':') ? part !== '' : segment.toLowerCase() === part.toLowerCase();
  });
}

/** The app route a path belongs to, if any. */
export function matchAppRoute(pathname: string): AppRoute | undefined {
  return appRoutes.find((route) => matchesPattern(route.path, pathname));
}
