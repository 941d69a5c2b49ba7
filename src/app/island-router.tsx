import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPath, matchPath, Router, type Navigator, type To } from 'react-router-dom';

const currentLocation = () => ({
  pathname: location.pathname,
  search: location.search,
  hash: location.hash,
  state: history.state,
  key: 'island',
});

/**
 * The router of an app screen's island in the browser. A move within the screen's route (a search, a page of results)
 * stays in the island and in the address bar; any other address (a link, a sign-in's start page) is loaded whole,
 * as the server renders it, with no moment of an empty screen between.
 */
export function IslandRouter({ route, children }: { route: string; children: ReactNode }) {
  const [here, setHere] = useState(currentLocation);
  const isRoute = useCallback((path: string) => matchPath({ path: route, caseSensitive: false }, path) !== null, [route]);
  useEffect(() => {
    // Back or Forward to an address of another route (one pushed by a script): that page is loaded whole.
    const onPop = () => (isRoute(location.pathname) ? setHere(currentLocation()) : location.reload());
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [isRoute]);
  const navigator = useMemo<Navigator>(() => {
    const href = (to: To) => (typeof to === 'string' ? to : createPath(to));
    const move = (to: To, state: unknown, replace: boolean) => {
      const next = new URL(href(to), location.href);
      if (next.origin !== location.origin || !isRoute(next.pathname)) {
        if (replace) location.replace(next);
        else location.assign(next);
        return;
      }
      history[replace ? 'replaceState' : 'pushState'](state ?? null, '', next);
      setHere(currentLocation());
    };
    return {
      createHref: href,
      go: (delta) => history.go(delta),
      push: (to, state) => move(to, state, false),
      replace: (to, state) => move(to, state, true),
    };
  }, [isRoute]);
  return (
    <Router location={here} navigator={navigator}>
      {children}
    </Router>
  );
}
